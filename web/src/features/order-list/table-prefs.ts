import {
  COLUMN_WIDTH,
  tablePref,
  type EndpointData,
  type EndpointInput,
  type listEndpoints,
} from '@hotline/contract';
import { allowedColumns, COLUMN_KEYS, columnByKey, defaultColumns } from './columns';

/**
 * Table preferences (spec section 3, "Table preferences"): stripe, border, line height and the
 * checked columns in their order. Kept per user and list locally and on the server
 * (`cols/setCols`), so they follow the user to another browser.
 */

export const LINE_HEIGHTS = tablePref.shape.lineHeight.unwrap().options;
export type LineHeight = (typeof LINE_HEIGHTS)[number];

export interface ColumnPref {
  key: string;
  visible: boolean;
  width?: number;
}

export interface TablePrefs {
  stripe: boolean;
  border: boolean;
  lineHeight: LineHeight;
  /** Every column in display order; hidden ones keep their place for when they come back. */
  columns: ColumnPref[];
}

/** The server's stored shape (cols/getCols), the key aside. */
export type ServerCols = Omit<EndpointData<typeof listEndpoints.getCols>, 'key'>;
/** The cols/setCols body. */
export type ColsBody = EndpointInput<typeof listEndpoints.setCols>;

export function prefsKey(menuId: string | undefined): string {
  return `orderList:${menuId || 'all'}`;
}

export function defaultPrefs(menuId: string | undefined, isStreet: boolean): TablePrefs {
  const visible = defaultColumns(menuId, isStreet);
  const hidden = allowedColumns(COLUMN_KEYS, isStreet).filter((k) => !visible.includes(k));
  return {
    stripe: true,
    border: false,
    lineHeight: 'middle',
    columns: [
      ...visible.map((key) => ({ key, visible: true })),
      ...hidden.map((key) => ({ key, visible: false })),
    ],
  };
}

function width(value: unknown): number | undefined {
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= COLUMN_WIDTH.min &&
    value <= COLUMN_WIDTH.max
    ? value
    : undefined;
}

/**
 * Anything stored (local JSON or the server's answer) → valid preferences: unknown columns
 * dropped, new columns appended hidden, street users never get the locking person.
 */
export function normalizePrefs(raw: unknown, fallback: TablePrefs, isStreet: boolean): TablePrefs {
  if (typeof raw !== 'object' || raw === null) return fallback;
  const r = raw as Partial<Record<keyof TablePrefs, unknown>>;
  const seen = new Set<string>();
  const columns: ColumnPref[] = [];
  if (Array.isArray(r.columns)) {
    for (const item of r.columns as unknown[]) {
      if (typeof item !== 'object' || item === null) continue;
      const c = item as { key?: unknown; visible?: unknown; width?: unknown };
      if (typeof c.key !== 'string' || seen.has(c.key) || !columnByKey(c.key)) continue;
      if (isStreet && c.key === 'lockUserName') continue;
      seen.add(c.key);
      const w = width(c.width);
      columns.push({
        key: c.key,
        visible: c.visible === true || c.visible === 1,
        ...(w ? { width: w } : {}),
      });
    }
  }
  if (!columns.length) return { ...fallback, ...flags(r, fallback) };
  for (const c of fallback.columns) if (!seen.has(c.key)) columns.push({ ...c, visible: false });
  return { ...flags(r, fallback), columns };
}

function flags(r: Partial<Record<keyof TablePrefs, unknown>>, fallback: TablePrefs) {
  return {
    stripe: typeof r.stripe === 'boolean' ? r.stripe : fallback.stripe,
    border: typeof r.border === 'boolean' ? r.border : fallback.border,
    lineHeight: (LINE_HEIGHTS as readonly unknown[]).includes(r.lineHeight)
      ? (r.lineHeight as LineHeight)
      : fallback.lineHeight,
  };
}

/** The server's answer → preferences (null when the user never saved any for this list). */
export function fromServer(reply: ServerCols, fallback: TablePrefs, isStreet: boolean) {
  if (!reply.cols) return null;
  return normalizePrefs({ ...(reply.table ?? {}), columns: reply.cols }, fallback, isStreet);
}

/** Preferences → the cols/setCols body. */
export function toServer(key: string, prefs: TablePrefs) {
  return {
    key,
    cols: prefs.columns.map((c) => ({
      key: c.key,
      visible: c.visible ? 1 : 0,
      ...(c.width ? { width: c.width } : {}),
    })),
    table: { stripe: prefs.stripe, border: prefs.border, lineHeight: prefs.lineHeight },
  } satisfies ColsBody;
}

export function visibleColumns(prefs: TablePrefs): string[] {
  return prefs.columns.filter((c) => c.visible).map((c) => c.key);
}

/** Moves column `key` one place up (-1) or down (+1) in the display order. */
export function moveColumn(prefs: TablePrefs, key: string, delta: -1 | 1): TablePrefs {
  const from = prefs.columns.findIndex((c) => c.key === key);
  return from < 0 ? prefs : placeColumn(prefs, key, from + delta);
}

/** The column `key` moved to position `to` (dragged in the settings); others keep their order. */
export function placeColumn(prefs: TablePrefs, key: string, to: number): TablePrefs {
  const columns = [...prefs.columns];
  const from = columns.findIndex((c) => c.key === key);
  if (from < 0 || to < 0 || to >= columns.length || to === from) return prefs;
  const [item] = columns.splice(from, 1);
  if (item) columns.splice(to, 0, item);
  return { ...prefs, columns };
}

export function toggleColumn(prefs: TablePrefs, key: string, visible: boolean): TablePrefs {
  return {
    ...prefs,
    columns: prefs.columns.map((c) => (c.key === key ? { ...c, visible } : c)),
  };
}
