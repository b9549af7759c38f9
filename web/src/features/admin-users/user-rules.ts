import { issueText, type Lang } from '@hotline/domain';
/**
 * Pure rules of the user administration page (unit-tested in `user-rules.test.ts`): a user's
 * status, the unit tree of the pickers, the body a form sends, and how a refusal lands on the
 * form's fields.
 */

export type UserStatus = 'active' | 'disabled' | 'locked';

export interface StatusSource {
  disabled: boolean;
  lockedUntil: string | null;
}

/** Disabled wins over locked; a lock whose time has passed is no lock. */
export function userStatus(user: StatusSource, now: number = Date.now()): UserStatus {
  if (user.disabled) return 'disabled';
  if (user.lockedUntil && Date.parse(user.lockedUntil) > now) return 'locked';
  return 'active';
}

export interface UnitRow {
  id: number;
  name: string;
  kind: string;
  parentId: number | null;
  sort: number;
  disabled: boolean;
}

export interface UnitNode {
  value: number;
  title: string;
  /** The unit's own name (searches match it, not the decorations of `title`). */
  name: string;
  kind: string;
  /** Disabled itself or under a disabled unit. */
  inactive: boolean;
  disabled?: boolean;
  children?: UnitNode[];
}

/**
 * The flat unit list as a tree (sorted by `sort`, then id). A unit whose parent is missing is a
 * root. `selectInactive: false` (the form) makes disabled units and those under them
 * unselectable; the filter keeps them selectable (their users still exist).
 */
export function unitTree(
  units: readonly UnitRow[],
  options: { selectInactive: boolean },
): UnitNode[] {
  const ids = new Set(units.map((u) => u.id));
  const byParent = new Map<number | null, UnitRow[]>();
  for (const unit of units) {
    const parent = unit.parentId !== null && ids.has(unit.parentId) ? unit.parentId : null;
    const list = byParent.get(parent) ?? [];
    list.push(unit);
    byParent.set(parent, list);
  }
  const build = (parent: number | null, parentInactive: boolean, seen: Set<number>): UnitNode[] =>
    (byParent.get(parent) ?? [])
      .filter((u) => !seen.has(u.id))
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((u) => {
        const inactive = parentInactive || u.disabled;
        const children = build(u.id, inactive, new Set(seen).add(u.id));
        const node: UnitNode = { value: u.id, title: u.name, name: u.name, kind: u.kind, inactive };
        if (inactive && !options.selectInactive) node.disabled = true;
        if (children.length > 0) node.children = children;
        return node;
      });
  return build(null, false, new Set());
}

/** Units that start expanded: the top of the tree down to the district's streets and towns. */
export function openUnitKeys(nodes: readonly UnitNode[]): number[] {
  return nodes.flatMap((n) =>
    n.kind === 'city' || n.kind === 'district' ? [n.value, ...openUnitKeys(n.children ?? [])] : [],
  );
}

/** Field errors keyed by form field; `general` for what names no field of the form. */
export interface FormProblems {
  fields: Record<string, string>;
  general: string | null;
}

/** The shape of a zod issue this module needs (no zod import in the console). */
export interface IssueLike {
  path: readonly PropertyKey[];
  code: string;
  message: string;
}

/**
 * A schema's issues on the form's fields: the first issue of each field, in the console's words
 * when `text` has some for that field, else the schema's own message.
 */
export function issuesToProblems(
  issues: readonly IssueLike[],
  fields: readonly string[],
  text: (field: string, issue: IssueLike) => string | null,
  /** The language of the schema's own messages (its message keys), when `text` has none. */
  lang: Lang = 'zh',
): FormProblems {
  const out: FormProblems = { fields: {}, general: null };
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    const message = text(field, issue) ?? issueText(issue.message, lang) ?? issue.message;
    if (fields.includes(field)) {
      out.fields[field] ??= message;
    } else {
      out.general ??= field ? `${field}: ${message}` : message;
    }
  }
  return out;
}

/**
 * A server refusal on the form: a 400 says "field: message; field: message" (the field named
 * by the route's validation or a reference check); parts naming a form field go to that field,
 * the rest (or a message naming no field) to `general`.
 */
export function serverProblems(message: string, fields: readonly string[]): FormProblems {
  const out: FormProblems = { fields: {}, general: null };
  const rest: string[] = [];
  for (const part of message.split(/;\s+/)) {
    const match = /^([A-Za-z][\w.]*):\s*(.+)$/s.exec(part.trim());
    const field = match?.[1]?.split('.')[0];
    if (match && field && fields.includes(field)) {
      out.fields[field] ??= match[2] ?? part;
    } else if (part.trim() !== '') {
      rest.push(part.trim());
    }
  }
  if (rest.length > 0) out.general = rest.join('; ');
  return out;
}

/**
 * The field a 409 is about: the server says "user name X is taken" or "mobile Y belongs to Z"
 * without naming a field, so the value the form sent is looked for in the message (a refusal
 * about administrators names neither and stays general).
 */
export function conflictField(
  message: string,
  values: { username?: string; mobile?: string | null },
): 'username' | 'mobile' | null {
  const text = message.toLowerCase();
  const mobile = values.mobile?.trim();
  if (mobile && text.includes(mobile)) return 'mobile';
  const username = values.username?.trim().toLowerCase();
  if (username && text.includes(username)) return 'username';
  return null;
}

export interface UserFormValues {
  username?: string;
  realname?: string;
  mobile?: string | null;
  unitId?: number | null;
  groupIds?: number[];
  isAdmin?: boolean;
  extraRules?: string[];
}

export interface EditedUser {
  id: number;
  realname: string;
  mobile: string | null;
  unitId: number;
  groupIds: readonly number[];
  isAdmin: boolean;
  extraRules: readonly string[];
}

const sameSet = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** The create body as the form holds it (the schema checks and normalises it). */
export function createBody(values: UserFormValues): Record<string, unknown> {
  return {
    username: values.username ?? '',
    realname: values.realname ?? '',
    mobile: values.mobile ?? null,
    unitId: values.unitId ?? undefined,
    groupIds: values.groupIds ?? [],
    isAdmin: values.isAdmin ?? false,
    extraRules: values.extraRules ?? [],
  };
}

/**
 * The update body: the id and only what changed, so an unchanged administrator flag is never
 * sent (an administrator editing their own name must not read as a demotion).
 */
export function updateBody(user: EditedUser, values: UserFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = { id: user.id };
  const realname = values.realname ?? '';
  if (realname.trim() !== user.realname) body.realname = realname;
  const mobile = (values.mobile ?? '').trim();
  if (mobile !== (user.mobile ?? '')) body.mobile = mobile === '' ? null : mobile;
  if (values.unitId !== undefined && values.unitId !== user.unitId) body.unitId = values.unitId;
  const groupIds = values.groupIds ?? [];
  if (!sameSet(groupIds, user.groupIds)) body.groupIds = groupIds;
  const isAdmin = values.isAdmin ?? false;
  if (isAdmin !== user.isAdmin) body.isAdmin = isAdmin;
  const extraRules = values.extraRules ?? [];
  if (!sameSet(extraRules, user.extraRules)) body.extraRules = extraRules;
  return body;
}

/** A CSV cell: quoted when needed; a leading = + - @ is defused (no formulas in Excel). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as CSV with a BOM (Excel then reads the Chinese header as UTF-8). */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** "Chrome 131 · Windows" from a user agent; the raw string when nothing is recognised. */
export function clientName(userAgent: string): string {
  const browsers: [string, RegExp][] = [
    ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
    ['Firefox', /Firefox\/(\d+)/],
    ['Chrome', /(?:Chrome|CriOS|Chromium)\/(\d+)/],
    ['Safari', /Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari/],
  ];
  const systems: [string, RegExp][] = [
    ['Android', /Android/],
    ['iOS', /iPhone|iPad|iPod/],
    ['Windows', /Windows/],
    ['macOS', /Mac OS X|Macintosh/],
    ['Linux', /Linux/],
  ];
  const browser = browsers.find(([, re]) => re.test(userAgent));
  const system = systems.find(([, re]) => re.test(userAgent))?.[0];
  if (!browser) return userAgent || '—';
  const version = browser[1].exec(userAgent)?.[1];
  const name = version ? `${browser[0]} ${version}` : browser[0];
  return system ? `${name} · ${system}` : name;
}
