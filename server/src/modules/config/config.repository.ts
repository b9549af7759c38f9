import type { Db } from '../../context';
import type { ConfigRow } from '../../db/schema';

export async function getValue(db: Db, group: string, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('config')
    .select('value')
    .where('group_name', '=', group)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}

export async function getValues(db: Db, group: string): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('config')
    .select(['name', 'value'])
    .where('group_name', '=', group)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

export async function listEntries(
  db: Db,
  filter: { group: string; publicOnly: boolean; offset: number; limit: number },
): Promise<{ rows: ConfigRow[]; total: number }> {
  let query = db.selectFrom('config').where('group_name', '=', filter.group);
  if (filter.publicOnly) query = query.where('is_public', '=', true);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('sort')
      .orderBy('id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findEntry(db: Db, id: number): Promise<ConfigRow | undefined> {
  return db.selectFrom('config').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findEntryByName(
  db: Db,
  group: string,
  name: string,
): Promise<ConfigRow | undefined> {
  return db
    .selectFrom('config')
    .selectAll()
    .where('group_name', '=', group)
    .where('name', '=', name)
    .executeTakeFirst();
}

export function listGroups(db: Db) {
  return db
    .selectFrom('config_groups as g')
    .select((eb) => [
      'g.name',
      'g.title',
      'g.sort',
      eb
        .selectFrom('config as c')
        .whereRef('c.group_name', '=', 'g.name')
        .select(eb.fn.countAll<number>().as('n'))
        .as('entries'),
    ])
    .orderBy('g.sort')
    .orderBy('g.name')
    .execute();
}

export function findGroup(db: Db, name: string) {
  return db.selectFrom('config_groups').selectAll().where('name', '=', name).executeTakeFirst();
}
