import { describe, expect, it } from 'vitest';
import { ACTIONS } from '@hotline/domain';
import {
  actionButtons,
  actionSpec,
  editPath,
  jumpSetting,
  LOCK_ABILITIES,
  nextOrderId,
} from '../src/features/order-actions/action-table';
import {
  actionBody,
  changedFields,
  validateAction,
} from '../src/features/order-actions/action-rules';

const spec = (action: string) => {
  const found = actionSpec(action);
  if (!found) throw new Error(`no spec for ${action}`);
  return found;
};
const keys = (errors: { field: string; key: string }[]) => errors.map((e) => `${e.field}:${e.key}`);

describe('ability → form and endpoint', () => {
  it('has a form for every lifecycle action except the lock pair', () => {
    for (const action of ACTIONS) {
      if (LOCK_ABILITIES.has(action)) expect(actionSpec(action)).toBeUndefined();
      else expect(actionSpec(action), action).toBeDefined();
    }
  });

  it('renders buttons in the server order and leaves lock, unlock and unknown names out', () => {
    const buttons = actionButtons(['sign', 'lock', 'refuse', 'mystery', 'unlock', 'add_note']);
    expect(buttons.map((b) => b.action)).toEqual(['sign', 'refuse', 'add_note']);
  });

  it('maps actions onto the documented paths with their fixed fields', () => {
    expect(spec('sign')).toMatchObject({
      path: '/addons/jsjb/cy/a5HandleOrderSignInCy',
      fixed: { signType: 1 },
      form: 'confirm',
    });
    expect(spec('refuse')).toMatchObject({ fixed: { signType: 2 }, form: 'text' });
    expect(spec('reply').path).toBe('/addons/jsjb/town/updateProResult');
    expect(spec('reject_reply')).toMatchObject({
      path: '/addons/jsjb/district/reply',
      fixed: { pass: 0 },
    });
    expect(spec('approve_return')).toMatchObject({
      path: '/addons/jsjb/Approve/feedbackInformation',
      fixed: { pass: 1 },
    });
    expect(spec('visit').path).toBe('/addons/jsjb/updateHuifangSjs');
    expect(spec('dispatch').path).toBe('/addons/jsjb/org/submitHandleOrgInfo');
    // the caller's texts: one path, the direction fixed by the ability, a plain confirmation
    expect(spec('sms_opt_out')).toMatchObject({
      path: '/addons/jsjb/updateOrderSmsOptOut',
      fixed: { optOut: 1 },
      form: 'confirm',
    });
    expect(spec('sms_opt_in')).toMatchObject({ fixed: { optOut: 0 }, form: 'confirm' });
    expect(actionBody(spec('sms_opt_out'), 7, {})).toEqual({ id: 7, optOut: 1 });
    expect(editPath(true)).toBe('/addons/jsjb/town/updateOrderField');
    expect(editPath(false)).toBe('/addons/jsjb/handle/updateorderfield');
  });

  it('requires a reason to refuse or return and a comment to reject; approvals need none', () => {
    for (const action of ['refuse', 'apply_return']) {
      expect(keys(validateAction(spec(action), {}))).toEqual(['reason:reasonRequired']);
      expect(validateAction(spec(action), { reason: '   ' })).toHaveLength(1);
      expect(validateAction(spec(action), { reason: '重复件' })).toEqual([]);
    }
    for (const action of ['reject_reply', 'reject_return', 're_handle', 'supervise']) {
      expect(keys(validateAction(spec(action), {}))).toEqual(['comment:commentRequired']);
    }
    for (const action of ['approve_reply', 'approve_return', 'close', 'request_visit']) {
      expect(validateAction(spec(action), {})).toEqual([]);
    }
    expect(keys(validateAction(spec('refuse'), { reason: 'x'.repeat(2001) }))).toEqual([
      'reason:tooLong',
    ]);
  });

  it('requires the reply text and both choices', () => {
    expect(keys(validateAction(spec('reply'), {}))).toEqual([
      'content:resultRequired',
      'contacted:choose',
      'resolved:choose',
    ]);
    expect(validateAction(spec('reply'), { content: '已处理', contacted: 0, resolved: 1 })).toEqual(
      [],
    );
  });

  it('requires the visit results only when the caller was reached', () => {
    expect(keys(validateAction(spec('visit'), {}))).toEqual(['reached:choose']);
    expect(validateAction(spec('visit'), { reached: 0 })).toEqual([]);
    expect(keys(validateAction(spec('visit'), { reached: 1, resolved: 1 }))).toEqual([
      'hostContacted:visitChoicesRequired',
      'satisfaction:visitChoicesRequired',
    ]);
    const full = { reached: 1, hostContacted: 1, resolved: 0, satisfaction: 'basic' };
    expect(validateAction(spec('visit'), full)).toEqual([]);
  });

  it('checks dispatch, extension, exclusion, merge and edit inputs', () => {
    expect(keys(validateAction(spec('dispatch'), {}))).toEqual(['hostUnitId:hostRequired']);
    expect(
      keys(validateAction(spec('dispatch'), { hostUnitId: 3, coHostUnitIds: [3, 4] })),
    ).toEqual(['coHostUnitIds:hostIsCoHost']);
    expect(keys(validateAction(spec('apply_extension'), { hours: 0, reason: 'r' }))).toEqual([
      'hours:hoursRequired',
    ]);
    expect(validateAction(spec('apply_extension'), { hours: 48, reason: '需协调' })).toEqual([]);
    expect(keys(validateAction(spec('apply_exclusion'), { reason: 'r' }))).toEqual([
      'tichuType:tichuTypeRequired',
    ]);
    expect(keys(validateAction(spec('merge'), { intoId: 'abc' }))).toEqual([
      'intoId:intoIdRequired',
    ]);
    expect(keys(validateAction(spec('edit'), { callerPhone: '12345' }))).toEqual([
      'callerPhone:phoneInvalid',
    ]);
    expect(validateAction(spec('edit'), { callerPhone: '010-12345678' })).toEqual([]);
    expect(validateAction(spec('edit'), { callerPhone: '13800000000' })).toEqual([]);
  });
});

describe('request bodies', () => {
  it('carries the id, the fixed fields and the trimmed text; blank optional text is left out', () => {
    expect(actionBody(spec('refuse'), 7, { reason: '  重复件 ' })).toEqual({
      id: 7,
      signType: 2,
      reason: '重复件',
    });
    expect(actionBody(spec('approve_reply'), 7, { comment: '  ' })).toEqual({ id: 7, pass: 1 });
    expect(actionBody(spec('approve_return'), 7, { toCity: true })).toEqual({
      id: 7,
      pass: 1,
      toCity: 1,
    });
    expect(actionBody(spec('key_appeal'), 7, { on: 0 })).toEqual({ id: 7, on: 0 });
  });

  it('sends the visit results only for a reached caller', () => {
    const values = { reached: 0, hostContacted: 1, resolved: 1, satisfaction: 'satisfied' };
    expect(actionBody(spec('visit'), 9, values)).toEqual({ id: 9, reached: 0 });
    expect(actionBody(spec('visit'), 9, { ...values, reached: 1 })).toEqual({
      id: 9,
      reached: 1,
      hostContacted: 1,
      resolved: 1,
      satisfaction: 'satisfied',
    });
  });

  it('sends co-hosts only when chosen, and numbers for hours and merge targets', () => {
    expect(actionBody(spec('dispatch'), 1, { hostUnitId: 3, coHostUnitIds: [] })).toEqual({
      id: 1,
      hostUnitId: 3,
    });
    expect(actionBody(spec('apply_extension'), 1, { hours: '24', reason: 'r' })).toEqual({
      id: 1,
      hours: 24,
      reason: 'r',
    });
    expect(actionBody(spec('merge'), 1, { intoId: '42' })).toEqual({ id: 1, intoId: 42 });
  });

  it('an edit sends only what changed', () => {
    const before = { title: '旧标题', address: '某路 1 号', callerPhone: '13800000000' };
    expect(
      changedFields(['title', 'address', 'callerPhone'], before, {
        title: '旧标题 ',
        address: '某路 2 号',
        callerPhone: '13800000000',
      }),
    ).toEqual({ address: '某路 2 号' });
    expect(changedFields(['title'], before, { title: '旧标题' })).toEqual({});
  });
});

describe('auto-jump', () => {
  it('picks the setting of the action family; dispatch depends on the host kind', () => {
    expect(jumpSetting(spec('sign'))).toBe('saveAutoJumpOrder');
    expect(jumpSetting(spec('reply'))).toBe('banjieAutoJumpOrder');
    // signing for the host is no 办结: the handler stays on the order to handle it
    expect(jumpSetting(spec('host_sign'))).toBeNull();
    expect(jumpSetting(spec('approve_reply'))).toBe('hufuAutoJumpOrder');
    expect(jumpSetting(spec('visit'))).toBe('huifangAutoJumpOrder');
    expect(jumpSetting(spec('dispatch'), 'street')).toBe('fenpaiAutoJumpOrder');
    expect(jumpSetting(spec('dispatch'), 'department')).toBe('fenpaiBmAutoJumpOrder');
    expect(jumpSetting(spec('add_note'))).toBeNull();
    expect(jumpSetting(spec('supervise'))).toBeNull();
  });

  it('opens the next listed order still in the queue, else the queue head', () => {
    expect(nextOrderId(2, [1, 2, 3, 4], [1, 3, 4])).toBe(3);
    expect(nextOrderId(2, [1, 2, 3, 4], [1, 4])).toBe(4);
    expect(nextOrderId(4, [1, 2, 3, 4], [1, 3])).toBe(1);
    expect(nextOrderId(2, [], [2, 9])).toBe(9);
    expect(nextOrderId(2, [1, 2], [2])).toBeNull();
    expect(nextOrderId(2, [1, 2, 3], null)).toBe(3);
    expect(nextOrderId(3, [1, 2, 3], null)).toBeNull();
  });
});
