/**
 * Component names of the menu (`component`) the console has a page for; pages.ts maps each to
 * its lazily loaded chunk. Apart from pages.ts so the route table can know the names without
 * importing the pages (which import the route table's session hook).
 */
export const PAGE_NAMES = [
  'index/index',
  'workorder/queue',
  'workorder/intake',
  'workorder/locked',
  'workorder/detail',
  'workorder/print',
  'call/records',
  'stats/kanban',
  'system/users',
  'system/roles',
  'system/config',
  'system/units',
  'system/categories',
  'system/keys',
  'system/audit',
  'system/calendar',
  'account/phrases',
] as const;

export type PageName = (typeof PAGE_NAMES)[number];

/** A name missing here is an unknown component: its route is left out and ends on /404. */
export const KNOWN_COMPONENTS: ReadonlySet<string> = new Set<string>(PAGE_NAMES);
