import { ROLE_RULES } from '@hotline/domain';
import type { Db } from '../context';
import { seedCategories } from './categories';
import {
  CONFIG_GROUPS,
  JSJB_DEFAULTS,
  SECURITY_DEFAULTS,
  SYSTEM_DEFAULTS,
  type ConfigDefault,
} from './config-defaults';
import { MENU_SEED, SEARCH_LINKS } from './menus';

/**
 * Reference data every database needs (embedded or real): config defaults, roles, the menu
 * rule list, search suggestions, problem categories. Idempotent: it adds what is missing and
 * never overwrites what an administrator changed.
 */
export async function seedBase(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('config_groups')
      .values(CONFIG_GROUPS)
      .onConflict((oc) => oc.doNothing())
      .execute();
    const entries = (group: string, list: ConfigDefault[]) =>
      list.map((c, i) => ({
        group_name: group,
        name: c.name,
        title: c.title,
        value: c.value,
        type: c.type,
        options: c.options ?? null,
        is_public: c.isPublic,
        remark: c.remark ?? '',
        sort: i,
      }));
    await trx
      .insertInto('config')
      .values([
        ...entries('jsjb', JSJB_DEFAULTS),
        ...entries('system', SYSTEM_DEFAULTS),
        ...entries('security', SECURITY_DEFAULTS),
      ])
      .onConflict((oc) => oc.columns(['group_name', 'name']).doNothing())
      .execute();
    await trx
      .insertInto('auth_groups')
      .values(
        Object.entries(ROLE_RULES)
          .filter(([name]) => name !== 'admin')
          .map(([name, role]) => ({
            name,
            title: role.title,
            rules: [...role.rules],
            builtin: true,
          })),
      )
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await trx
      .insertInto('menus')
      .values(
        MENU_SEED.map((m, i) => ({
          key: m.key,
          parent_key: m.parentKey ?? null,
          path: m.path,
          name: m.name,
          component: m.component,
          title: m.title,
          title_en: m.titleEn,
          icon: m.icon ?? '',
          sort: i,
          is_menu: m.isMenu ?? true,
          queue_id: m.queueId ?? null,
          guard: m.guard ? JSON.stringify(m.guard) : null,
          unit_kinds: m.unitKinds ?? null,
          config_key: m.configKey ?? null,
        })),
      )
      // Existing entries keep everything an upgrade might meet, but follow the seed's order
      // (new entries slot in where they belong).
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ sort: eb.ref('excluded.sort') })))
      .execute();
    const links = await trx.selectFrom('search_links').select('id').limit(1).execute();
    if (links.length === 0) {
      await trx
        .insertInto('search_links')
        .values(SEARCH_LINKS.map((l, i) => ({ ...l, sort: i })))
        .execute();
    }
  });
  await seedCategories(db);
}
