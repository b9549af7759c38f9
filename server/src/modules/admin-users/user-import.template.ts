import ExcelJS from 'exceljs';
import { USER_IMPORT_MAX_ROWS } from '@hotline/contract';
import type { UnitKind } from '@hotline/domain';
import type { Db } from '../../context';
import * as repo from './admin-users.repository';
import { EXTRA_RULE_ROWS, IMPORT_COLUMNS, UNIT_KIND_LABELS } from './user-import.columns';

export const TEMPLATE_FILE_NAME = '用户导入模板.xlsx';
export const USERS_SHEET = '用户 users';
export const REFERENCE_SHEET = '参考 reference';

const WIDTHS: Record<string, number> = {
  username: 18,
  realname: 12,
  mobile: 16,
  unit: 24,
  roles: 26,
  isAdmin: 20,
  extraRules: 30,
};

const NOTES: Record<string, string> = {
  username:
    '必填。3–32 位字母、数字或 _ . -，以字母开头；不区分大小写，不能与已有用户（含已停用）重复。\n' +
    'Required: 3–32 letters, digits, _ . - starting with a letter; unique ignoring case.',
  realname: '必填，至多 32 字。\nRequired, at most 32 characters.',
  mobile: '选填，11 位手机号，不能与已有用户重复。\nOptional: an 11-digit mobile, unique.',
  unit:
    '必填：单位编码或完整名称（见“参考”表），单位须未停用。\n' +
    'Required: the unit code or exact name (see the reference sheet); the unit must be enabled.',
  roles:
    '选填：角色名称或标题，多个用 , 或 、 分隔（见“参考”表）。\n' +
    'Optional: role names or titles separated by , or 、 (see the reference sheet).',
  isAdmin: '是 / 否，留空为否。\nyes / no; empty means no.',
  extraRules:
    '选填：外呼坐席、派单值班打卡、回访值班打卡，多个用 , 或 、 分隔。\n' +
    'Optional: individual permissions, separated by , or 、.',
};

const bold = { bold: true } as const;

interface SheetValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

/**
 * The import template: the header row the reader looks for (with a note on each column), the
 * mobile column as text (so Excel keeps the digits), 是/否 offered in the admin column; a
 * second sheet lists the enabled units, the roles and the individual permissions to copy from.
 * One-time passwords are made by the server, so the file has no password column.
 */
export async function importTemplate(db: Db): Promise<Buffer> {
  const [units, groups] = await Promise.all([repo.allUnits(db), repo.allGroups(db)]);
  const wb = new ExcelJS.Workbook();
  wb.creator = '12345';

  const sheet = wb.addWorksheet(USERS_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((c) => ({
    key: c.key,
    header: c.header,
    width: WIDTHS[c.key] ?? 16,
    ...(c.key === 'mobile' || c.key === 'username' ? { style: { numFmt: '@' } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = bold;
  IMPORT_COLUMNS.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.note = NOTES[c.key] ?? '';
    if (c.required) cell.font = { bold: true, color: { argb: 'FFC00000' } };
  });
  const adminColumn = IMPORT_COLUMNS.findIndex((c) => c.key === 'isAdmin') + 1;
  const letter = sheet.getColumn(adminColumn).letter;
  // A range validation (exceljs has it, its types do not).
  const validations = (sheet as unknown as SheetValidations).dataValidations;
  validations.add(`${letter}2:${letter}${USER_IMPORT_MAX_ROWS + 1}`, {
    type: 'list',
    allowBlank: true,
    formulae: ['"是,否"'],
    showErrorMessage: true,
    error: '请填写“是”或“否” / yes or no',
  });

  const ref = wb.addWorksheet(REFERENCE_SHEET);
  ref.columns = [
    { width: 14 },
    { width: 26 },
    { width: 18 },
    { width: 3 },
    { width: 16 },
    { width: 20 },
    { width: 3 },
    { width: 18 },
    { width: 22 },
    { width: 22 },
  ];
  ref.getRow(1).values = [
    '单位编码 code',
    '单位名称 name',
    '类型 kind',
    '',
    '角色名称 name',
    '角色标题 title',
    '',
    '个人权限 permission',
    'English',
    '权限串 rule',
  ];
  ref.getRow(1).font = bold;
  const enabled = units.filter((u) => !u.disabled);
  const rows = Math.max(enabled.length, groups.length, EXTRA_RULE_ROWS.length);
  for (let i = 0; i < rows; i++) {
    const unit = enabled[i];
    const group = groups[i];
    const extra = EXTRA_RULE_ROWS[i];
    ref.getRow(i + 2).values = [
      unit?.code ?? null,
      unit?.name ?? null,
      unit ? (UNIT_KIND_LABELS[unit.kind as UnitKind] ?? unit.kind) : null,
      null,
      group?.name ?? null,
      group?.title ?? null,
      null,
      extra?.zh ?? null,
      extra?.en ?? null,
      extra?.rule ?? null,
    ];
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
