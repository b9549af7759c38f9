import type { UnitTreeNode } from '@hotline/contract';
import type { Lang } from '@hotline/domain';
import type { Db } from '../../../context';
import { badRequest, notFound } from '../../../http/app-error';

/**
 * Org trees of the work-order screens: the host units a dispatcher chooses from
 * (org/queryOrgInfoHdTree), one unit's children (sjs/querychild), and the grid — communities
 * and villages under streets and towns (org/treeWangGe). The org tree is not confidential:
 * every signed-in user may read it. They offer enabled units only (what a new order or a
 * dispatch may name); the host tree's `all` adds the disabled ones for the list filter, which
 * searches old orders too. Read from the table on every call — nothing caches the tree, so a
 * rename, a move or a disable shows at once on every node.
 */

interface UnitRow {
  id: number;
  name: string;
  kind: string;
  code: string;
  parent_id: number | null;
}

const GROUPS: readonly { kind: string; zh: string; en: string }[] = [
  { kind: 'street', zh: '街道', en: 'Streets' },
  { kind: 'town', zh: '乡镇', en: 'Towns' },
  { kind: 'department', zh: '区属部门', en: 'Departments' },
];

const node = (u: UnitRow, children: UnitTreeNode[] = []): UnitTreeNode => ({
  id: u.id,
  name: u.name,
  kind: u.kind,
  code: u.code,
  children,
});

async function unitsOfKinds(
  db: Db,
  kinds: readonly string[],
  options: { withDisabled?: boolean } = {},
): Promise<UnitRow[]> {
  let query = db
    .selectFrom('units')
    .select(['id', 'name', 'kind', 'code', 'parent_id'])
    .where('kind', 'in', [...kinds]);
  if (!options.withDisabled) query = query.where('disabled', '=', false);
  return query.orderBy('sort').orderBy('id').execute();
}

/** `withDisabled`: also the disabled units (the list filter's tree, not a dispatch picker). */
export async function hostTree(db: Db, lang: Lang, options: { withDisabled?: boolean } = {}) {
  const units = await unitsOfKinds(
    db,
    GROUPS.map((g) => g.kind),
    options,
  );
  return GROUPS.map((g) => ({
    kind: g.kind,
    name: g[lang],
    children: units.filter((u) => u.kind === g.kind).map((u) => node(u)),
  }));
}

export async function unitChildren(db: Db, id: number) {
  const unit = await db.selectFrom('units').select('id').where('id', '=', id).executeTakeFirst();
  if (!unit) throw notFound('unit.notFound');
  const children = await db
    .selectFrom('units as u')
    .select([
      'u.id',
      'u.name',
      'u.kind',
      'u.code',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('units as c')
              .select('c.id')
              .whereRef('c.parent_id', '=', 'u.id')
              .where('c.disabled', '=', false),
          )
          .as('has_children'),
    ])
    .where('u.parent_id', '=', id)
    .where('u.disabled', '=', false)
    .orderBy('u.sort')
    .orderBy('u.id')
    .execute();
  return children.map((c) => ({
    id: c.id,
    name: c.name,
    kind: c.kind,
    code: c.code,
    hasChildren: Boolean(c.has_children),
  }));
}

/** Streets and towns with their communities and villages; `id` narrows to one of them. */
export async function gridTree(db: Db, id: number | undefined): Promise<UnitTreeNode[]> {
  let parents = await unitsOfKinds(db, ['street', 'town']);
  if (id !== undefined) {
    const unit = await db
      .selectFrom('units')
      .select('kind')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!unit) throw notFound('unit.notFound');
    if (unit.kind !== 'street' && unit.kind !== 'town') throw badRequest('unit.notGridParent');
    parents = parents.filter((p) => p.id === id);
  }
  const cells = await unitsOfKinds(db, ['community', 'village']);
  return parents.map((p) =>
    node(
      p,
      cells.filter((c) => c.parent_id === p.id).map((c) => node(c)),
    ),
  );
}
