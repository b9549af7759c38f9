/** Running actions in tests: valid inputs, default settings, and result assertions. */
import { expect } from 'vitest';
import { applyTransition } from '../../src/lifecycle/apply';
import type { ActionInputs } from '../../src/lifecycle/inputs';
import type { ActionName } from '../../src/lifecycle/names';
import type {
  Actor,
  Effect,
  LifecycleSettings,
  OrderState,
  Refusal,
  TransitionEvent,
  TransitionResult,
} from '../../src/lifecycle/types';
import type { MessageKey } from '../../src/messages';
import { DEFAULT_TIME_LIMITS } from '../../src/time';
import { MERGE_TARGET_ID, NOW, UNIT } from './fixtures';

export const SETTINGS: LifecycleSettings = { limits: DEFAULT_TIME_LIMITS };

/** An input each action accepts (the reasons and results the table asks for are present). */
export const VALID: { [A in ActionName]: ActionInputs[A] } = {
  sign: {},
  refuse: { reason: '非本区事项' },
  claim: {},
  dispatch: { hostUnitId: UNIT.hostStreet, coHostUnitIds: [UNIT.coHost], comment: '请及时办理' },
  host_sign: {},
  apply_return: { reason: '不属于本单位职责' },
  approve_return: { comment: '同意' },
  reject_return: { comment: '属于本单位职责' },
  reply: { content: '已联系市民并处理', contacted: true, resolved: true },
  approve_reply: { comment: '通过' },
  reject_reply: { comment: '答复不完整' },
  visit: { reached: true, hostContacted: true, resolved: true, satisfaction: 'satisfied' },
  close: { comment: '办结' },
  re_handle: { comment: '市民不满意，重新办理' },
  request_visit: { comment: '请中心回访' },
  supervise: { comment: '请加快办理' },
  key_appeal: { on: true, comment: '重点关注' },
  merge: { into: { id: MERGE_TARGET_ID, status: 1, mergedIntoId: null }, comment: '重复来电' },
  apply_extension: { hours: 24, reason: '需协调多个部门' },
  approve_extension: { comment: '同意延期' },
  reject_extension: { comment: '理由不充分' },
  apply_exclusion: { tichuType: 'unreasonable', reason: '诉求不合理' },
  approve_exclusion: { comment: '同意剔除' },
  reject_exclusion: { comment: '不符合剔除条件' },
  lock: {},
  unlock: { force: true },
  add_note: { content: '已电话联系' },
  record_staff: { staff: '张三' },
  edit: { fields: ['title'], comment: 'title: a → b' },
  sms_opt_out: { comment: '来电人要求不再发送短信' },
  sms_opt_in: {},
};

/** applyTransition with the valid input, NOW and default settings unless given. */
export function act<A extends ActionName>(
  o: OrderState,
  action: A,
  actor: Actor,
  input: ActionInputs[A] = VALID[action],
  now: Date = NOW,
  settings: LifecycleSettings = SETTINGS,
): TransitionResult {
  return applyTransition(o, action, actor, input, now, settings);
}

/** Asserts success and gives the result's parts. */
export function expectOk(result: TransitionResult): {
  next: OrderState;
  event: TransitionEvent;
  effects: Effect[];
} {
  if (!result.ok) {
    expect.fail(`expected success, got ${JSON.stringify(result.refusal)}`);
  }
  return result;
}

/** Asserts a refusal with exact code and key (and params when given), and no next state. */
export function expectRefused(
  result: TransitionResult,
  code: number,
  key: MessageKey,
  params?: Refusal['params'],
): Refusal {
  if (result.ok) expect.fail(`expected ${code} ${key}, got success`);
  expect({ code: result.refusal.code, key: result.refusal.key }).toEqual({ code, key });
  if (params !== undefined) expect(result.refusal.params).toEqual(params);
  expect('next' in result).toBe(false);
  return result.refusal;
}

/** The state names of WORKFLOW section 4, as the wrong-state message must name them. */
const STATE_NAMES: Record<number, { zh: string; en: string }> = {
  0: { zh: '待签收', en: 'unsigned' },
  1: { zh: '办理中', en: 'in process' },
  11: { zh: '答复审核中', en: 'reply under review' },
  12: { zh: '退回审核中', en: 'return under review' },
  71: { zh: '已拒签', en: 'refused' },
  72: { zh: '已退回市级', en: 'returned to the city' },
  91: { zh: '已答复', en: 'replied' },
  92: { zh: '已办结', en: 'closed' },
};

export function stateName(status: number): { zh: string; en: string } {
  const name = STATE_NAMES[status];
  if (!name) throw new Error(`no name for status ${status}`);
  return name;
}
