import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_IMPORT_MAX_ROWS, userImportResponse } from '@hotline/contract';
import { DEFAULT_PASSWORD_POLICY, passwordProblem } from '@hotline/domain';
import { passwordLogin, post, type Lang, type Reply } from '../support/api';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { multipart } from '../intake/intake-fixtures';
import { PATH, auditCount, auditRows, userCount, userRow } from './admin-users-fixtures';

/** The user import: the template, and files with every kind of row problem. */

type ImportData = {
  created: { username: string; realname: string; oneTimePassword: string }[];
  errors: { row: number; field: string; message: string }[];
};

let t: TestApp;
let admin: string;
let dispatcher: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  dispatcher = await t.login('dispatcher');
});
afterAll(async () => {
  await t?.close();
});

const HEADER = [
  '用户名 username',
  '姓名 realname',
  '手机号 mobile',
  '单位编码或名称 unit',
  '角色 roles',
  '管理员 admin（是/否）',
  '个人权限 extraRules',
];

async function template(): Promise<Buffer> {
  const res = await t.app.inject({
    method: 'GET',
    url: PATH.importTemplate,
    headers: { ...bearer(admin), 'accept-language': 'zh-CN' },
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** The template with these rows filled in below its header. */
async function filled(rows: (string | number | null)[][], from?: Buffer): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((from ?? (await template())) as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  rows.forEach((values, i) => {
    sheet.getRow(i + 2).values = values;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A workbook of plain rows (the first row is the header). */
async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(
  file: Buffer,
  options: { token?: string | null; lang?: Lang; filename?: string } = {},
): Promise<Reply<ImportData>> {
  const { payload, contentType } = multipart([
    { name: 'file', filename: options.filename ?? 'users.xlsx', content: file },
  ]);
  const token = options.token === undefined ? admin : options.token;
  const res = await t.app.inject({
    method: 'POST',
    url: PATH.import,
    headers: {
      'content-type': contentType,
      'accept-language': options.lang === 'zh' ? 'zh-CN' : 'en-US',
      ...(token ? bearer(token) : {}),
    },
    payload,
  });
  const body = res.json<{ code: number; msg: string; data: ImportData }>();
  return { status: res.statusCode, ...body, headers: res.headers };
}

/** A valid row for the n-th new user. */
const row = (
  n: number,
  over: Partial<Record<number, string | number | null>> = {},
  prefix = 'bulk',
) => {
  const values: (string | number | null)[] = [
    `${prefix}${String(n).padStart(3, '0')}`,
    `批量${n}`,
    `${prefix === 'bulk' ? 139 : 137}${String(10000000 + n).slice(0, 8)}`,
    n % 2 === 0 ? 'S01' : '柳荫街道',
    'street',
    '否',
    '',
  ];
  for (const [i, v] of Object.entries(over)) values[Number(i)] = v ?? null;
  return values;
};

describe('template', () => {
  it('downloads a valid xlsx whose header is what the import reads, with a reference sheet', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: PATH.importTemplate,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="______.xlsx"; filename*=UTF-8''${encodeURIComponent('用户导入模板.xlsx')}`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [users, reference] = wb.worksheets;
    expect((users!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(users!.actualRowCount).toBe(1);
    const refRows: unknown[][] = [];
    reference!.eachRow((r) => refRows.push((r.values as unknown[]).slice(1)));
    const flat = refRows.flat();
    expect(flat).toContain('S01');
    expect(flat).toContain('望湖街道');
    expect(flat).toContain('street');
    expect(flat).toContain('外呼坐席');
  });

  it('401 without a token, 403 for a non-administrator', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: PATH.importTemplate });
    expect(anonymous.statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'GET',
      url: PATH.importTemplate,
      headers: bearer(dispatcher),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('import', () => {
  it('a 50-row file with one bad row: 400 naming the row, nothing written; fixed, all 50 are created', async () => {
    const users = await userCount(t);
    const audits = await auditCount(t);
    const rows = Array.from({ length: 50 }, (_, i) => row(i + 1, {}, 'fifty'));
    const good = rows[36]!;
    rows[36] = row(37, { 2: '1380000' }, 'fifty');
    const reply = await upload(await filled(rows), { lang: 'zh' });
    expect([reply.status, reply.code]).toEqual([400, 400]);
    expect(reply.msg).toBe(
      '第 38 行 手机号：须为 11 位手机号，或留空（共 1 处错误，未导入任何用户）',
    );
    expect(() => userImportResponse.parse(reply)).not.toThrow();
    expect(reply.data).toEqual({
      created: [],
      errors: [{ row: 38, field: '手机号', message: '须为 11 位手机号，或留空' }],
    });
    expect(await userCount(t)).toBe(users);
    expect(await auditCount(t)).toBe(audits);

    rows[36] = good;
    const fixed = await upload(await filled(rows), { lang: 'zh' });
    expect([fixed.status, fixed.msg]).toEqual([200, '已导入 50 位用户']);
    expect(fixed.data.created).toHaveLength(50);
    expect(await userCount(t)).toBe(users + 50);
    expect(await auditCount(t)).toBe(audits + 1);
  });

  it('reports every problem of every row, in the caller’s language', async () => {
    await t.ctx.db.updateTable('units').set({ disabled: true }).where('code', '=', 'S03').execute();
    try {
      const rows = [
        row(1),
        row(2, { 0: 'BULK001' }), // repeats row 2 (case ignored)
        row(3, { 0: 'Admin', 2: '13800000001' }), // taken name, taken mobile
        row(4, { 0: '9lives', 1: '', 3: '火星街道' }), // bad name, no real name, no unit
        row(5, { 3: 'S03', 4: 'street、宇航员', 5: '也许' }), // disabled unit, unknown role, yes/no
        row(6, { 2: row(1)[2] as string, 6: '外呼坐席, 飞行' }), // mobile repeats row 2
      ];
      const reply = await upload(await filled(rows));
      expect([reply.status, reply.code]).toEqual([400, 400]);
      expect(reply.data.errors).toEqual([
        { row: 3, field: 'username', message: 'BULK001 repeats row 2 (case is ignored)' },
        {
          row: 4,
          field: 'username',
          message: 'the user name Admin is taken (disabled users included)',
        },
        {
          row: 4,
          field: 'mobile',
          message: 'the mobile 13800000001 already belongs to the user dispatcher',
        },
        {
          row: 5,
          field: 'username',
          message: 'must be 3–32 letters, digits, _ . - starting with a letter',
        },
        { row: 5, field: 'realname', message: 'required' },
        { row: 5, field: 'unit', message: 'no unit has the code or name "火星街道"' },
        { row: 6, field: 'unit', message: 'the unit "金桥街道" is disabled' },
        { row: 6, field: 'roles', message: 'no role is named "宇航员"' },
        { row: 6, field: 'admin', message: 'write yes or no (empty means no)' },
        { row: 7, field: 'mobile', message: `${row(1)[2]} repeats row 2` },
        {
          row: 7,
          field: 'extraRules',
          message:
            'no individual permission "飞行" (choose from: Outbound calling, Dispatcher clock-in, Visitor clock-in)',
        },
      ]);
      expect(reply.msg).toBe(
        'row 3, username: BULK001 repeats row 2 (case is ignored) (11 errors in all; no user was imported)',
      );
      expect(
        await t.ctx.db
          .selectFrom('users')
          .select('id')
          .where('username', 'ilike', 'bulk%')
          .execute(),
      ).toEqual([]);
    } finally {
      await t.ctx.db
        .updateTable('units')
        .set({ disabled: false })
        .where('code', '=', 'S03')
        .execute();
    }
  });

  it('the filled template (round trip) creates every user with a one-time password; audited', async () => {
    const users = await userCount(t);
    const rows = [
      row(1, { 4: 'street', 6: '外呼坐席' }),
      row(2, {
        1: '  王 二  ',
        2: '',
        4: '区派单员, reviewer',
        5: '是',
        6: '/jsjb/qu/dcl、Visitor clock-in',
      }),
      row(3, { 3: '望湖街道', 4: '' }),
    ];
    const reply = await upload(await filled(rows));
    expect([reply.status, reply.code, reply.msg]).toEqual([200, 200, '3 users imported']);
    expect(() => userImportResponse.parse(reply)).not.toThrow();
    expect(reply.data.errors).toEqual([]);
    expect(reply.data.created.map((c) => [c.username, c.realname])).toEqual([
      ['bulk001', '批量1'],
      ['bulk002', '王 二'],
      ['bulk003', '批量3'],
    ]);
    expect(await userCount(t)).toBe(users + 3);
    for (const c of reply.data.created)
      expect(passwordProblem(c.oneTimePassword, DEFAULT_PASSWORD_POLICY)).toBeNull();

    const second = await userRow(t, 'bulk002');
    expect(second).toMatchObject({
      mobile: null,
      is_admin: true,
      must_change_password: true,
      extra_rules: ['/jsjb/qu/dcl', '/jsjb/qu/call/bjdhf'],
    });
    const roles = await t.ctx.db
      .selectFrom('user_groups as ug')
      .innerJoin('auth_groups as g', 'g.id', 'ug.group_id')
      .select('g.name')
      .where('ug.user_id', '=', second.id)
      .orderBy('g.name')
      .execute();
    expect(roles.map((r) => r.name)).toEqual(['dispatcher', 'reviewer']);
    expect((await userRow(t, 'bulk001')).extra_rules).toEqual(['/jsjb/callout']);
    const third = await t.ctx.db
      .selectFrom('users as u')
      .innerJoin('units as un', 'un.id', 'u.unit_id')
      .select('un.code')
      .where('u.username', '=', 'bulk003')
      .executeTakeFirstOrThrow();
    expect(third.code).toBe('S01');

    const login = await passwordLogin(t, 'bulk003', reply.data.created[2]!.oneTimePassword);
    expect(login.code).toBe(200);

    const audit = (await auditRows(t, 'user.import')).at(-1)!;
    expect(audit.actor_name).toBe('admin');
    expect(audit.detail).toEqual({ count: 3, usernames: ['bulk001', 'bulk002', 'bulk003'] });
    for (const c of reply.data.created)
      expect(JSON.stringify(audit)).not.toContain(c.oneTimePassword);

    // The same file again: every name is taken now.
    const again = await upload(await filled(rows));
    expect(again.status).toBe(400);
    expect(again.data.errors.filter((e) => e.field === 'username')).toHaveLength(3);
  });

  it('finds the columns by name in any order; a mobile typed as a number is read as digits', async () => {
    const file = await workbook([
      ['unit', 'realname', 'username', 'mobile'],
      ['B01', '部门甲', 'dept.a', 13912345678],
    ]);
    const reply = await upload(file);
    expect([reply.status, reply.data.created.map((c) => c.username)]).toEqual([200, ['dept.a']]);
    expect((await userRow(t, 'dept.a')).mobile).toBe('13912345678');
  });

  it('refuses whole files: not xlsx, empty, a missing column, too many rows', async () => {
    const users = await userCount(t);
    const audits = await auditCount(t);
    const notXlsx = await upload(Buffer.from('username,realname\nx,y\n'), { filename: 'u.csv' });
    expect(outcome(notXlsx)).toEqual([
      400,
      400,
      'the file is not a valid Excel (.xlsx) file: use the downloaded template',
    ]);
    // Over the 1 MB JSON body limit but under the file's 5 MB: read, and refused for what it is.
    const zipButNot = await upload(
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(1_500_000)]),
    );
    expect(outcome(zipButNot)).toEqual([400, 400, outcome(notXlsx)[2]]);
    const emptyFile = await upload(Buffer.alloc(0));
    expect(emptyFile.status).toBe(400);
    const headerOnly = await upload(await template(), { lang: 'zh' });
    expect(outcome(headerOnly)).toEqual([
      400,
      400,
      '文件中没有用户数据（表头下方每行填写一位用户）',
    ]);
    const blankSheet = await upload(await workbook([]));
    expect(blankSheet.msg).toBe('the file holds no users (one user per row below the header)');
    const noUnit = await upload(
      await workbook([
        ['username', 'realname'],
        ['abc', '甲'],
      ]),
    );
    expect(outcome(noUnit)).toEqual([
      400,
      400,
      'the file has no column "unit (单位)": use the downloaded template',
    ]);
    const many = Array.from({ length: USER_IMPORT_MAX_ROWS + 1 }, (_, i) => [`u${i}`, '某', 'S01']);
    const tooMany = await upload(await workbook([['username', 'realname', 'unit'], ...many]));
    expect(outcome(tooMany)).toEqual([
      400,
      400,
      `at most ${USER_IMPORT_MAX_ROWS} users per import; the file has ${USER_IMPORT_MAX_ROWS + 1} rows`,
    ]);
    expect(await userCount(t)).toBe(users);
    expect(await auditCount(t)).toBe(audits);
  });

  it('refuses a JSON body, a request without a file, a file over 5 MB', async () => {
    const json = await post(t, PATH.import, { file: 'x' }, { token: admin });
    expect(json.status).toBe(400);
    const { payload, contentType } = multipart([{ name: 'note', value: 'no file' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: PATH.import,
      headers: { 'content-type': contentType, ...bearer(admin), 'accept-language': 'en-US' },
      payload,
    });
    expect([res.statusCode, res.json().msg]).toEqual([
      400,
      'send one .xlsx file in the form field "file"',
    ]);
    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 0x41));
    expect(big.status).toBe(413);
  });

  it('401 without a token, 403 for a non-administrator', async () => {
    const file = await filled([row(90)]);
    expect((await upload(file, { token: null })).status).toBe(401);
    expect((await upload(file, { token: dispatcher })).status).toBe(403);
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'bulk090').execute(),
    ).toEqual([]);
  });
});

const outcome = (r: Reply<unknown>) => [r.status, r.code, r.msg];
