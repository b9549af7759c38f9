import type { ActionName } from '@hotline/domain';

/**
 * Ability (an action name the server's `abilities` list carries) → the form the console shows
 * and the endpoint it posts to (docs/api.md "Work-order actions"). Pure data and pure rules, so
 * the mapping and the validation are unit-tested without a browser.
 */

/** The form families: one small component each (components/*Form.tsx). */
export type FormKind =
  | 'confirm'
  | 'text'
  | 'dispatch'
  | 'reply'
  | 'visit'
  | 'extension'
  | 'exclusion'
  | 'merge'
  | 'edit'
  | 'remarks'
  | 'attributes';

/** Theme settings that turn auto-jump on per action family (docs/console.md, theme settings). */
export type AutoJumpSetting =
  | 'saveAutoJumpOrder'
  | 'banjieAutoJumpOrder'
  | 'hufuAutoJumpOrder'
  | 'huifangAutoJumpOrder'
  | 'fenpaiAutoJumpOrder'
  | 'fenpaiBmAutoJumpOrder';

export type TextField = 'reason' | 'comment' | 'content' | 'staff';

export interface ActionSpec {
  action: ActionName;
  /** The button's id (`data-action`) when one ability offers several forms; else `action`. */
  button?: string;
  /** Label key under `orderDetail.actions` for such a button (else the action's own name). */
  labelKey?: 'editRemarks' | 'editAttributes';
  form: FormKind;
  /** Path under /api (the request layer adds the prefix). */
  path: string;
  /** For 'text' forms: the body field that carries the text and whether it must be given. */
  text?: { field: TextField; required: boolean; max: number };
  /** Body fields fixed by the action (e.g. `signType: 2` for refusing). */
  fixed?: Record<string, string | number>;
  /** Shown as a primary / danger button. */
  tone?: 'primary' | 'danger';
  /** The setting that makes finishing this action open the next order of the queue. */
  jump: AutoJumpSetting | 'dispatch' | null;
}

const J = '/addons/jsjb/';
const reason = { field: 'reason', required: true, max: 2000 } as const;
const comment = { field: 'comment', required: true, max: 2000 } as const;
const optionalComment = { field: 'comment', required: false, max: 2000 } as const;

const SPECS: readonly ActionSpec[] = [
  {
    action: 'sign',
    form: 'confirm',
    path: `${J}cy/a5HandleOrderSignInCy`,
    fixed: { signType: 1 },
    tone: 'primary',
    jump: 'saveAutoJumpOrder',
  },
  {
    action: 'refuse',
    form: 'text',
    path: `${J}cy/a5HandleOrderSignInCy`,
    fixed: { signType: 2 },
    text: reason,
    tone: 'danger',
    jump: 'saveAutoJumpOrder',
  },
  { action: 'claim', form: 'confirm', path: `${J}lists/recordHandlingPerson`, jump: null },
  {
    action: 'dispatch',
    form: 'dispatch',
    path: `${J}org/submitHandleOrgInfo`,
    tone: 'primary',
    jump: 'dispatch',
  },
  {
    action: 'host_sign',
    form: 'confirm',
    path: `${J}Ft/signInFt`,
    tone: 'primary',
    jump: 'banjieAutoJumpOrder',
  },
  {
    action: 'apply_return',
    form: 'text',
    path: `${J}org/handleBackOrgUpdate`,
    text: reason,
    tone: 'danger',
    jump: 'banjieAutoJumpOrder',
  },
  {
    action: 'approve_return',
    form: 'text',
    path: `${J}Approve/feedbackInformation`,
    fixed: { pass: 1 },
    text: optionalComment,
    jump: 'hufuAutoJumpOrder',
  },
  {
    action: 'reject_return',
    form: 'text',
    path: `${J}Approve/feedbackInformation`,
    fixed: { pass: 0 },
    text: comment,
    tone: 'danger',
    jump: 'hufuAutoJumpOrder',
  },
  {
    action: 'reply',
    form: 'reply',
    path: `${J}town/updateProResult`,
    tone: 'primary',
    jump: 'banjieAutoJumpOrder',
  },
  {
    action: 'approve_reply',
    form: 'text',
    path: `${J}district/reply`,
    fixed: { pass: 1 },
    text: optionalComment,
    tone: 'primary',
    jump: 'hufuAutoJumpOrder',
  },
  {
    action: 'reject_reply',
    form: 'text',
    path: `${J}district/reply`,
    fixed: { pass: 0 },
    text: comment,
    tone: 'danger',
    jump: 'hufuAutoJumpOrder',
  },
  {
    action: 'visit',
    form: 'visit',
    path: `${J}updateHuifangSjs`,
    tone: 'primary',
    jump: 'huifangAutoJumpOrder',
  },
  {
    action: 'close',
    form: 'text',
    path: `${J}lists/closeOrder`,
    text: optionalComment,
    jump: 'huifangAutoJumpOrder',
  },
  {
    action: 're_handle',
    form: 'text',
    path: `${J}Sjs/revokeApproval`,
    text: comment,
    tone: 'danger',
    jump: 'hufuAutoJumpOrder',
  },
  {
    action: 'request_visit',
    form: 'text',
    path: `${J}lists/applyCenterHuifangSjs`,
    text: optionalComment,
    jump: null,
  },
  { action: 'supervise', form: 'text', path: `${J}Cy/supervision`, text: comment, jump: null },
  {
    action: 'key_appeal',
    form: 'text',
    path: `${J}handleImportantAppeal`,
    text: optionalComment,
    jump: null,
  },
  { action: 'merge', form: 'merge', path: `${J}handleGatherAppeal`, jump: 'saveAutoJumpOrder' },
  { action: 'apply_extension', form: 'extension', path: `${J}Approve/applyExtension`, jump: null },
  {
    action: 'approve_extension',
    form: 'text',
    path: `${J}Approve/approvalExtraCheck`,
    fixed: { pass: 1 },
    text: optionalComment,
    jump: 'hufuAutoJumpOrder',
  },
  {
    action: 'reject_extension',
    form: 'text',
    path: `${J}Approve/approvalExtraCheck`,
    fixed: { pass: 0 },
    text: comment,
    tone: 'danger',
    jump: 'hufuAutoJumpOrder',
  },
  { action: 'apply_exclusion', form: 'exclusion', path: `${J}tichu/tichuCate`, jump: null },
  {
    action: 'approve_exclusion',
    form: 'text',
    path: `${J}Approve/approvalExtraCheck`,
    fixed: { pass: 1 },
    text: optionalComment,
    jump: 'hufuAutoJumpOrder',
  },
  {
    action: 'reject_exclusion',
    form: 'text',
    path: `${J}Approve/approvalExtraCheck`,
    fixed: { pass: 0 },
    text: comment,
    tone: 'danger',
    jump: 'hufuAutoJumpOrder',
  },
  {
    action: 'add_note',
    form: 'text',
    path: `${J}lists/addlog`,
    text: { field: 'content', required: true, max: 2000 },
    jump: null,
  },
  {
    action: 'record_staff',
    form: 'text',
    path: `${J}lists/recordHandlingPerson`,
    text: { field: 'staff', required: true, max: 50 },
    jump: null,
  },
  // the host's path is chosen by the edit form (editPath)
  { action: 'edit', form: 'edit', path: `${J}handle/updateorderfield`, jump: null },
];

const BY_ACTION = new Map(SPECS.map((s) => [s.action, s]));

/**
 * The server has one ability for every field edit ('edit'); its paths split the fields, so the
 * ability opens three forms: the case (or, for a host, address and community), the remarks, and
 * the attributes. Attributes are district fields (the server refuses them to hosts), so a host
 * is not offered that form.
 */
export const REMARKS_SPEC: ActionSpec = {
  action: 'edit',
  button: 'edit_remarks',
  labelKey: 'editRemarks',
  form: 'remarks',
  path: `${J}updateOrderRemarks`,
  jump: null,
};
export const ATTRIBUTES_SPEC: ActionSpec = {
  action: 'edit',
  button: 'edit_attributes',
  labelKey: 'editAttributes',
  form: 'attributes',
  path: `${J}updateOrderAttributeSjs`,
  jump: null,
};

/** The button id of a spec (`data-action`, React key). */
export const buttonId = (spec: ActionSpec): string => spec.button ?? spec.action;

/** Abilities that are not buttons: the lock is taken and released by the detail itself. */
export const LOCK_ABILITIES: ReadonlySet<string> = new Set(['lock', 'unlock']);

export const LOCK_PATH = `${J}lock/assignLock`;
export const UNLOCK_PATH = `${J}lock/assignUnlock`;

export function actionSpec(action: string): ActionSpec | undefined {
  return BY_ACTION.get(action as ActionName);
}

/**
 * The buttons to show: the server's abilities in its order, lock abilities left out; 'edit'
 * brings its remarks form and, for the district, its attributes form.
 */
export function actionButtons(abilities: readonly string[], host = false): ActionSpec[] {
  return abilities
    .filter((a) => !LOCK_ABILITIES.has(a))
    .flatMap((a) => {
      const spec = BY_ACTION.get(a as ActionName);
      if (!spec) return [];
      if (spec.action !== 'edit') return [spec];
      return host ? [spec, REMARKS_SPEC] : [spec, REMARKS_SPEC, ATTRIBUTES_SPEC];
    });
}

/** The edit path for the caller: hosts correct address/community, the district the case. */
export function editPath(host: boolean): string {
  return host ? `${J}town/updateOrderField` : `${J}handle/updateorderfield`;
}

/** Which auto-jump setting applies; dispatch depends on the kind of host unit chosen. */
export function jumpSetting(spec: ActionSpec, hostKind?: string | null): AutoJumpSetting | null {
  if (spec.jump !== 'dispatch') return spec.jump;
  return hostKind === 'department' ? 'fenpaiBmAutoJumpOrder' : 'fenpaiAutoJumpOrder';
}

/**
 * The next order to open after an action: the first order listed after the current one that is
 * still in the queue (`fresh`, the queue as the server lists it now), else the queue's first
 * other order. Without a fresh list, simply the next sibling.
 */
export function nextOrderId(
  current: number,
  siblings: readonly number[],
  fresh: readonly number[] | null,
): number | null {
  const index = siblings.indexOf(current);
  const after = index >= 0 ? siblings.slice(index + 1) : [];
  if (!fresh) return after[0] ?? null;
  const inQueue = new Set(fresh);
  const next = after.find((id) => inQueue.has(id));
  if (next !== undefined) return next;
  return fresh.find((id) => id !== current) ?? null;
}
