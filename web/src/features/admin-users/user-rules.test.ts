import { describe, expect, it } from 'vitest';
import { userCreateBody, userUpdateBody } from '@hotline/contract';
import {
  clientName,
  conflictField,
  createBody,
  issuesToProblems,
  serverProblems,
  toCsv,
  unitTree,
  updateBody,
  userStatus,
  type IssueLike,
  type UnitRow,
} from './user-rules';

const NOW = Date.parse('2026-11-24T10:00:00Z');

describe('userStatus', () => {
  it('is disabled before locked, and a past lock is no lock', () => {
    expect(userStatus({ disabled: true, lockedUntil: '2026-11-24T11:00:00Z' }, NOW)).toBe(
      'disabled',
    );
    expect(userStatus({ disabled: false, lockedUntil: '2026-11-24T11:00:00Z' }, NOW)).toBe(
      'locked',
    );
    expect(userStatus({ disabled: false, lockedUntil: '2026-11-24T09:00:00Z' }, NOW)).toBe(
      'active',
    );
    expect(userStatus({ disabled: false, lockedUntil: null }, NOW)).toBe('active');
  });
});

describe('unitTree', () => {
  const units: UnitRow[] = [
    { id: 1, name: '市', kind: 'city', parentId: null, sort: 0, disabled: false },
    { id: 2, name: '区', kind: 'district', parentId: 1, sort: 0, disabled: false },
    { id: 4, name: '柳荫街道', kind: 'street', parentId: 2, sort: 2, disabled: false },
    { id: 3, name: '望湖街道', kind: 'street', parentId: 2, sort: 1, disabled: true },
    { id: 5, name: '湖光社区', kind: 'community', parentId: 3, sort: 0, disabled: false },
    { id: 9, name: '孤儿', kind: 'department', parentId: 77, sort: 0, disabled: false },
  ];

  it('nests by parent, sorts by sort, and puts units with a missing parent at the top', () => {
    const tree = unitTree(units, { selectInactive: true });
    expect(tree.map((n) => n.value)).toEqual([1, 9]);
    const streets = tree[0]?.children?.[0]?.children ?? [];
    expect(streets.map((n) => n.name)).toEqual(['望湖街道', '柳荫街道']);
  });

  it('marks a disabled unit and everything under it inactive; the form cannot pick them', () => {
    const form = unitTree(units, { selectInactive: false });
    const wanghu = form[0]?.children?.[0]?.children?.[0];
    expect(wanghu).toMatchObject({ inactive: true, disabled: true });
    expect(wanghu?.children?.[0]).toMatchObject({
      name: '湖光社区',
      inactive: true,
      disabled: true,
    });
    const filter = unitTree(units, { selectInactive: true });
    const greyed = filter[0]?.children?.[0]?.children?.[0];
    expect(greyed?.inactive).toBe(true);
    expect(greyed?.disabled).toBeUndefined();
  });
});

describe('form problems', () => {
  const fields = ['username', 'realname', 'mobile', 'unitId'];

  it('puts the schema issues of the create body on their fields, in the console words', () => {
    const parsed = userCreateBody.safeParse(createBody({ username: '1x', mobile: '123' }));
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const problems = issuesToProblems(parsed.error.issues as IssueLike[], fields, (f) =>
      f === 'username' ? 'USERNAME' : null,
    );
    expect(problems.fields.username).toBe('USERNAME');
    expect(Object.keys(problems.fields).sort()).toEqual([
      'mobile',
      'realname',
      'unitId',
      'username',
    ]);
    expect(problems.general).toBeNull();
  });

  it('accepts a complete create body; an empty mobile is no mobile', () => {
    const parsed = userCreateBody.safeParse(
      createBody({ username: 'wh_handler', realname: '王一', mobile: '', unitId: 3 }),
    );
    expect(parsed.success && parsed.data).toMatchObject({ mobile: null, groupIds: [] });
  });

  it('reads "field: message; field: message" from a 400 and keeps the rest general', () => {
    expect(serverProblems('username: 用户名已存在; unitId: 单位已停用', fields)).toEqual({
      fields: { username: '用户名已存在', unitId: '单位已停用' },
      general: null,
    });
    expect(serverProblems('这是最后一位可用的管理员', fields)).toEqual({
      fields: {},
      general: '这是最后一位可用的管理员',
    });
    expect(serverProblems('groupIds.0: 角色不存在', [...fields, 'groupIds'])).toEqual({
      fields: { groupIds: '角色不存在' },
      general: null,
    });
  });
});

describe('conflictField', () => {
  it('finds the taken user name or mobile in a 409, else none', () => {
    const values = { username: 'WH_Handler', mobile: '13900000001' };
    expect(conflictField('用户名 wh_handler 已被使用（用户名不区分大小写）', values)).toBe(
      'username',
    );
    expect(conflictField('手机号 13900000001 已被用户 street1 使用', values)).toBe('mobile');
    expect(
      conflictField('这是最后一位可用的管理员，不能停用或取消其管理员权限', values),
    ).toBeNull();
  });
});

describe('updateBody', () => {
  const user = {
    id: 7,
    realname: '王一',
    mobile: null,
    unitId: 3,
    groupIds: [1, 2],
    isAdmin: true,
    extraRules: ['/jsjb/callout'],
  };

  it('sends only what changed, never an unchanged administrator flag', () => {
    const body = updateBody(user, {
      realname: '王一',
      mobile: '',
      unitId: 3,
      groupIds: [2, 1],
      isAdmin: true,
      extraRules: ['/jsjb/callout'],
    });
    expect(body).toEqual({ id: 7 });
    expect(userUpdateBody.safeParse(body).success).toBe(true);
  });

  it('sends the changed fields; a cleared mobile is null', () => {
    const body = updateBody(
      { ...user, mobile: '13900000000' },
      { realname: '王二', mobile: '', unitId: 4, groupIds: [1], isAdmin: false, extraRules: [] },
    );
    expect(body).toEqual({
      id: 7,
      realname: '王二',
      mobile: null,
      unitId: 4,
      groupIds: [1],
      isAdmin: false,
      extraRules: [],
    });
  });
});

describe('toCsv and clientName', () => {
  it('quotes, defuses formulas and starts with a BOM', () => {
    const csv = toCsv(['用户名', '密码'], [['a,b', '=1+1']]);
    expect(csv).toBe('\uFEFF用户名,密码\r\n"a,b",\'=1+1\r\n');
  });

  it('names common browsers and systems', () => {
    expect(
      clientName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 131 · Windows');
    expect(
      clientName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 · iOS');
    expect(clientName('curl/8.0')).toBe('curl/8.0');
    expect(clientName('')).toBe('—');
  });
});
