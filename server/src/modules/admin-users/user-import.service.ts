import { optionalMobileField, realnameField, usernameField } from '@hotline/contract';
import { translate, type Lang, type MessageKey, type MessageParams } from '@hotline/domain';
import type { AppContext } from '../../context';
import { recordAudit, type AuditActor } from '../audit';
import { hashPassword } from '../auth/password';
import * as repo from './admin-users.repository';
import { normalRules } from './admin-users.common';
import { oneTimePassword, passwordPolicy } from './one-time-password';
import {
  columnLabel,
  EXTRA_RULE_CHOICES,
  extraRuleOf,
  IMPORT_COLUMNS,
  splitList,
  yesNo,
  type ColumnKey,
} from './user-import.columns';
import { readImportFile, type RawRow } from './user-import.reader';

/**
 * The user import (issue 17): every row of the file is checked — formats, unit, roles,
 * repeats inside the file, names and mobiles already taken — and every problem is reported;
 * only a file without any problem is written, in one transaction with one audit row.
 */

const MAX_ROLES = 20;
/** Argon2 hashes at once: one per core (libuv's other threads stay free for file I/O). */
const HASH_CONCURRENCY = 2;

interface Problem {
  row: number;
  column: ColumnKey;
  key: MessageKey;
  params?: MessageParams;
}

interface ValidRow {
  row: number;
  username: string;
  realname: string;
  mobile: string | null;
  unitId: number;
  groupIds: number[];
  isAdmin: boolean;
  extraRules: string[];
}

export interface RowError {
  row: number;
  field: string;
  message: string;
}

export type ImportOutcome =
  | { ok: true; created: { username: string; realname: string; oneTimePassword: string }[] }
  | { ok: false; msg: string; errors: RowError[] };

interface Refs {
  units: repo.UnitRef[];
  groups: repo.GroupRef[];
}

function unitOf(text: string, refs: Refs): { unit: repo.UnitRef } | Omit<Problem, 'row'> {
  const code = text.toLowerCase();
  const byCode = refs.units.find((u) => u.code.toLowerCase() === code);
  const byName = refs.units.filter((u) => u.name === text);
  const unit = byCode ?? (byName.length === 1 ? byName[0] : undefined);
  if (!unit && byName.length > 1)
    return { column: 'unit', key: 'userImport.unitAmbiguous', params: { value: text } };
  if (!unit) return { column: 'unit', key: 'userImport.unitUnknown', params: { value: text } };
  if (unit.disabled)
    return { column: 'unit', key: 'userImport.unitDisabled', params: { value: unit.name } };
  return { unit };
}

/** One row's own checks (no other row, no existing user). */
function checkRow(raw: RawRow, refs: Refs, problems: Problem[]): ValidRow | null {
  const { row, cells } = raw;
  const before = problems.length;
  const add = (column: ColumnKey, key: MessageKey, params?: MessageParams) =>
    problems.push({ row, column, key, ...(params ? { params } : {}) });

  const username = usernameField.safeParse(cells.username);
  if (cells.username === '') add('username', 'userImport.required');
  else if (!username.success) add('username', 'userImport.usernameFormat');

  const realname = realnameField.safeParse(cells.realname);
  if (cells.realname === '') add('realname', 'userImport.required');
  else if (!realname.success) add('realname', 'userImport.realnameLong');

  const mobile = optionalMobileField.safeParse(cells.mobile);
  if (!mobile.success) add('mobile', 'userImport.mobileFormat');

  let unitId = 0;
  if (cells.unit === '') add('unit', 'userImport.required');
  else {
    const found = unitOf(cells.unit, refs);
    if ('unit' in found) unitId = found.unit.id;
    else add(found.column, found.key, found.params);
  }

  const groupIds: number[] = [];
  const roleNames = splitList(cells.roles);
  if (roleNames.length > MAX_ROLES) add('roles', 'userImport.tooManyRoles', { max: MAX_ROLES });
  for (const name of roleNames) {
    const group =
      refs.groups.find((g) => g.name.toLowerCase() === name.toLowerCase()) ??
      refs.groups.find((g) => g.title === name);
    if (!group) add('roles', 'userImport.roleUnknown', { value: name });
    else if (!groupIds.includes(group.id)) groupIds.push(group.id);
  }

  const isAdmin = yesNo(cells.isAdmin);
  if (isAdmin === null) add('isAdmin', 'userImport.yesNo');

  const extraRules: string[] = [];
  for (const name of splitList(cells.extraRules)) {
    const rule = extraRuleOf(name);
    if (!rule)
      add('extraRules', 'userImport.extraRuleUnknown', {
        value: name,
        choices: EXTRA_RULE_CHOICES,
      });
    else extraRules.push(rule);
  }

  if (problems.length > before || !username.success || !realname.success || !mobile.success)
    return null;
  return {
    row,
    username: username.data,
    realname: realname.data,
    mobile: mobile.data,
    unitId,
    groupIds,
    isAdmin: isAdmin === true,
    extraRules: normalRules(extraRules),
  };
}

/** Names (ignoring case) and mobiles repeated inside the file: each repeat names the first. */
function checkRepeats(rows: RawRow[], problems: Problem[]): void {
  const names = new Map<string, number>();
  const mobiles = new Map<string, number>();
  for (const { row, cells } of rows) {
    const name = cells.username.toLowerCase();
    if (name !== '') {
      const first = names.get(name);
      if (first === undefined) names.set(name, row);
      else
        problems.push({
          row,
          column: 'username',
          key: 'userImport.usernameRepeated',
          params: { value: cells.username, row: first },
        });
    }
    if (cells.mobile !== '') {
      const first = mobiles.get(cells.mobile);
      if (first === undefined) mobiles.set(cells.mobile, row);
      else
        problems.push({
          row,
          column: 'mobile',
          key: 'userImport.mobileRepeated',
          params: { value: cells.mobile, row: first },
        });
    }
  }
}

/** Names and mobiles that existing users (disabled ones too) already hold. */
async function checkTaken(ctx: AppContext, rows: RawRow[], problems: Problem[]): Promise<void> {
  const holders = await repo.usersHolding(
    ctx.db,
    rows.map((r) => r.cells.username).filter((u) => u !== ''),
    rows.map((r) => r.cells.mobile).filter((m) => m !== ''),
  );
  if (holders.length === 0) return;
  const byName = new Map(holders.map((h) => [h.username.toLowerCase(), h]));
  const byMobile = new Map(holders.filter((h) => h.mobile).map((h) => [h.mobile!, h]));
  for (const { row, cells } of rows) {
    if (cells.username !== '' && byName.has(cells.username.toLowerCase()))
      problems.push({
        row,
        column: 'username',
        key: 'userImport.usernameTaken',
        params: { value: cells.username },
      });
    const holder = cells.mobile !== '' ? byMobile.get(cells.mobile) : undefined;
    if (holder)
      problems.push({
        row,
        column: 'mobile',
        key: 'userImport.mobileTaken',
        params: { value: cells.mobile, username: holder.username },
      });
  }
}

const COLUMN_ORDER = IMPORT_COLUMNS.map((c) => c.key);

function refusal(problems: Problem[], lang: Lang): ImportOutcome {
  const sorted = [...problems].sort(
    (a, b) => a.row - b.row || COLUMN_ORDER.indexOf(a.column) - COLUMN_ORDER.indexOf(b.column),
  );
  const errors = sorted.map((p) => ({
    row: p.row,
    field: columnLabel(p.column)[lang],
    message: translate(p.key, lang, p.params),
  }));
  const first = errors[0]!;
  const msg = translate('userImport.failed', lang, {
    row: first.row,
    field: first.field,
    message: first.message,
    count: errors.length,
  });
  return { ok: false, msg, errors };
}

async function inBatches<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>) {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

/** All problems of the file's rows (formats, references, repeats, names and mobiles taken). */
async function checkAll(ctx: AppContext, rows: RawRow[]) {
  const refs: Refs = {
    units: await repo.allUnits(ctx.db),
    groups: await repo.allGroups(ctx.db),
  };
  const problems: Problem[] = [];
  const valid = rows.map((r) => checkRow(r, refs, problems));
  checkRepeats(rows, problems);
  await checkTaken(ctx, rows, problems);
  return { valid, problems };
}

export async function importUsers(
  ctx: AppContext,
  actor: AuditActor,
  file: Buffer,
  lang: Lang,
): Promise<ImportOutcome> {
  const rows = await readImportFile(file);
  const { valid, problems } = await checkAll(ctx, rows);
  if (problems.length > 0) return refusal(problems, lang);
  const users = valid.filter((v): v is ValidRow => v !== null);

  const policy = await passwordPolicy(ctx);
  const prepared = await inBatches(users, HASH_CONCURRENCY, async (u) => {
    const password = oneTimePassword(policy, u.username);
    return { ...u, password, passwordHash: await hashPassword(password) };
  });
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      for (const u of prepared) {
        const id = await repo.insertUser(trx, {
          username: u.username,
          passwordHash: u.passwordHash,
          realname: u.realname,
          mobile: u.mobile,
          unitId: u.unitId,
          isAdmin: u.isAdmin,
          extraRules: u.extraRules,
          now,
        });
        await repo.setGroups(trx, id, u.groupIds);
      }
      await recordAudit(trx, actor, {
        action: 'user.import',
        detail: { count: prepared.length, usernames: prepared.map((u) => u.username) },
        at: now,
      });
    });
  } catch (error) {
    // Another write took a name or a mobile since the check: report it like the check does.
    if (
      repo.isUniqueViolation(error, 'users_username_key') ||
      repo.isUniqueViolation(error, 'users_mobile_key')
    ) {
      const again = await checkAll(ctx, rows);
      if (again.problems.length > 0) return refusal(again.problems, lang);
    }
    throw error;
  }
  return {
    ok: true,
    created: prepared.map((u) => ({
      username: u.username,
      realname: u.realname,
      oneTimePassword: u.password,
    })),
  };
}
