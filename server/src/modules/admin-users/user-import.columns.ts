import {
  PERMISSIONS,
  USER_EXTRA_RULES,
  type Lang,
  type UnitKind,
  type UserExtraRule,
} from '@hotline/domain';

/**
 * The columns of the user import file, shared by the template (what it writes) and the reader
 * (what it looks for), so the two cannot drift. A header is recognised by its Chinese label at
 * the start or its English word anywhere (`用户名 username`, `username`, `用户名`), in any
 * column order; `required` columns must be present.
 */
export const IMPORT_COLUMNS = [
  { key: 'username', zh: '用户名', en: 'username', header: '用户名 username', required: true },
  { key: 'realname', zh: '姓名', en: 'realname', header: '姓名 realname', required: true },
  { key: 'mobile', zh: '手机号', en: 'mobile', header: '手机号 mobile', required: false },
  { key: 'unit', zh: '单位', en: 'unit', header: '单位编码或名称 unit', required: true },
  { key: 'roles', zh: '角色', en: 'roles', header: '角色 roles', required: false },
  { key: 'isAdmin', zh: '管理员', en: 'admin', header: '管理员 admin（是/否）', required: false },
  {
    key: 'extraRules',
    zh: '个人权限',
    en: 'extraRules',
    header: '个人权限 extraRules',
    required: false,
  },
] as const;

export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export type ColumnKey = ImportColumn['key'];

/** The column's name as the caller reads it (the words of the template's header). */
export function columnLabel(key: ColumnKey): Record<Lang, string> {
  const column = IMPORT_COLUMNS.find((c) => c.key === key)!;
  return { zh: column.zh, en: column.en };
}

/** Which column a header cell names, if any. */
export function columnOfHeader(text: string): ColumnKey | null {
  const compact = text.replace(/\s+/g, '');
  const words = text.toLowerCase().split(/[^a-z]+/);
  const hit = IMPORT_COLUMNS.find(
    (c) => compact.startsWith(c.zh) || words.includes(c.en.toLowerCase()),
  );
  return hit?.key ?? null;
}

/** A list cell: items separated by commas (either width), 、, semicolons or line breaks. */
export function splitList(text: string): string[] {
  return text
    .split(/[,，、;；\n]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

const YES = ['是', 'y', 'yes', 'true', '1', '√'];
const NO = ['', '否', 'n', 'no', 'false', '0', '×'];

/** 是/否 (yes/no, 1/0; empty is no); null when it is neither. */
export function yesNo(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (YES.includes(value)) return true;
  if (NO.includes(value)) return false;
  return null;
}

/** The individual permissions, by rule string or by their name in either language. */
const EXTRA_RULE_NAMES = USER_EXTRA_RULES.map((rule) => {
  const p = PERMISSIONS.find((x) => x.rule === rule)!;
  return { rule, zh: p.zh, en: p.en };
});

export function extraRuleOf(text: string): UserExtraRule | null {
  const value = text.trim().toLowerCase();
  const hit = EXTRA_RULE_NAMES.find(
    (r) => r.rule === value || r.zh === value || r.en.toLowerCase() === value,
  );
  return hit?.rule ?? null;
}

export const EXTRA_RULE_CHOICES: Record<Lang, string> = {
  zh: EXTRA_RULE_NAMES.map((r) => r.zh).join('、'),
  en: EXTRA_RULE_NAMES.map((r) => r.en).join(', '),
};

export const EXTRA_RULE_ROWS = EXTRA_RULE_NAMES;

/** Unit kinds as the template's reference sheet names them. */
export const UNIT_KIND_LABELS: Record<UnitKind, string> = {
  city: '市级 city',
  district: '区级 district',
  street: '街道 street',
  town: '乡镇 town',
  department: '部门 department',
  community: '社区 community',
  village: '村 village',
};
