import {
  ACTION_LIMITS,
  actionEndpoints as ep,
  recordStaffBody,
  type ActionEndpoint,
  type EndpointShape,
} from '@hotline/contract';
import type { ActionName } from '@hotline/domain';
import { endpointPath } from '../../lib/api-client';
import type { AutoJumpSetting } from './auto-jump';

/**
 * Ability (an action name the server's `abilities` list carries) → the form the console shows
 * and the endpoint it posts to (docs/api.md "Work-order actions"). Pure data and pure rules, so
 * the mapping and the validation are unit-tested without a browser.
 */

// the auto-jump rules (auto-jump.ts) are found here with the specs they read
export { jumpSetting, nextOrderId, type AutoJumpSetting } from './auto-jump';

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

export type TextField = 'reason' | 'comment' | 'content' | 'staff';

export interface ActionSpec {
  action: ActionName;
  /** The button's id (`data-action`) when one ability offers several forms; else `action`. */
  button?: string;
  /** Label key under `orderDetail.actions` for such a button (else the action's own name). */
  labelKey?: 'editRemarks' | 'editAttributes';
  form: FormKind;
  /** The endpoint it posts to, as the contract declares it. */
  endpoint: ActionEndpoint;
  /** The endpoint's path under /api (the request layer adds the prefix). */
  path: string;
  /** A stricter body the form must pass, where one endpoint serves two roles. */
  body?: BodySchema;
  /** For 'text' forms: the body field that carries the text and whether it must be given. */
  text?: { field: TextField; required: boolean; max: number };
  /** Body fields fixed by the action (e.g. `signType: 2` for refusing). */
  fixed?: Record<string, string | number>;
  /** Shown as a primary / danger button. */
  tone?: 'primary' | 'danger';
  /** The setting that makes finishing this action open the next order of the queue. */
  jump: AutoJumpSetting | 'dispatch' | null;
}

/** A body schema of the contract (what the server validates the request with). */
export type BodySchema = NonNullable<EndpointShape['body']>;

const MAX = ACTION_LIMITS.text;
const reason = { field: 'reason', required: true, max: MAX } as const;
const comment = { field: 'comment', required: true, max: MAX } as const;
const optionalComment = { field: 'comment', required: false, max: MAX } as const;

type SpecDef = Omit<ActionSpec, 'path'>;

/** A spec with its path read from its endpoint. */
const spec = (def: SpecDef): ActionSpec => ({ ...def, path: endpointPath(def.endpoint) });

const DEFS: readonly SpecDef[] = [
  {
    action: 'sign',
    form: 'confirm',
    endpoint: ep.signIn,
    fixed: { signType: 1 },
    tone: 'primary',
    jump: 'saveAutoJumpOrder',
  },
  {
    action: 'refuse',
    form: 'text',
    endpoint: ep.signIn,
    fixed: { signType: 2 },
    text: reason,
    tone: 'danger',
    jump: 'saveAutoJumpOrder',
  },
  { action: 'claim', form: 'confirm', endpoint: ep.recordHandlingPerson, jump: null },
  {
    action: 'dispatch',
    form: 'dispatch',
    endpoint: ep.dispatch,
    tone: 'primary',
    jump: 'dispatch',
  },
  {
    action: 'host_sign',
    form: 'confirm',
    endpoint: ep.hostSign,
    tone: 'primary',
    // Signing is no 办结: the handler stays on the order it signed, to handle and reply.
    jump: null,
  },
  {
    action: 'apply_return',
    form: 'text',
    endpoint: ep.applyReturn,
    text: reason,
    tone: 'danger',
    jump: 'banjieAutoJumpOrder',
  },
  {
    action: 'approve_return',
    form: 'text',
    endpoint: ep.decideReturn,
    fixed: { pass: 1 },
    text: optionalComment,
    jump: 'hufuAutoJumpOrder',
  },
  {
    action: 'reject_return',
    form: 'text',
    endpoint: ep.decideReturn,
    fixed: { pass: 0 },
    text: comment,
    tone: 'danger',
    jump: 'hufuAutoJumpOrder',
  },
  {
    action: 'reply',
    form: 'reply',
    endpoint: ep.reply,
    tone: 'primary',
    jump: 'banjieAutoJumpOrder',
  },
  {
    action: 'approve_reply',
    form: 'text',
    endpoint: ep.reviewReply,
    fixed: { pass: 1 },
    text: optionalComment,
    tone: 'primary',
    jump: 'hufuAutoJumpOrder',
  },
  {
    action: 'reject_reply',
    form: 'text',
    endpoint: ep.reviewReply,
    fixed: { pass: 0 },
    text: comment,
    tone: 'danger',
    jump: 'hufuAutoJumpOrder',
  },
  {
    action: 'visit',
    form: 'visit',
    endpoint: ep.visit,
    tone: 'primary',
    jump: 'huifangAutoJumpOrder',
  },
  {
    action: 'close',
    form: 'text',
    endpoint: ep.close,
    text: optionalComment,
    jump: 'huifangAutoJumpOrder',
  },
  {
    action: 're_handle',
    form: 'text',
    endpoint: ep.reHandle,
    text: comment,
    tone: 'danger',
    jump: 'hufuAutoJumpOrder',
  },
  {
    action: 'request_visit',
    form: 'text',
    endpoint: ep.requestVisit,
    text: optionalComment,
    jump: null,
  },
  { action: 'supervise', form: 'text', endpoint: ep.supervise, text: comment, jump: null },
  {
    action: 'key_appeal',
    form: 'text',
    endpoint: ep.keyAppeal,
    text: optionalComment,
    jump: null,
  },
  // The caller's progress texts for this order: the server offers the one switch that applies.
  {
    action: 'sms_opt_out',
    form: 'confirm',
    endpoint: ep.smsOptOut,
    fixed: { optOut: 1 },
    jump: null,
  },
  {
    action: 'sms_opt_in',
    form: 'confirm',
    endpoint: ep.smsOptOut,
    fixed: { optOut: 0 },
    jump: null,
  },
  { action: 'merge', form: 'merge', endpoint: ep.merge, jump: 'saveAutoJumpOrder' },
  { action: 'apply_extension', form: 'extension', endpoint: ep.applyExtension, jump: null },
  {
    action: 'approve_extension',
    form: 'text',
    endpoint: ep.decideRequest,
    fixed: { pass: 1 },
    text: optionalComment,
    jump: 'hufuAutoJumpOrder',
  },
  {
    action: 'reject_extension',
    form: 'text',
    endpoint: ep.decideRequest,
    fixed: { pass: 0 },
    text: comment,
    tone: 'danger',
    jump: 'hufuAutoJumpOrder',
  },
  { action: 'apply_exclusion', form: 'exclusion', endpoint: ep.applyExclusion, jump: null },
  {
    action: 'approve_exclusion',
    form: 'text',
    endpoint: ep.decideRequest,
    fixed: { pass: 1 },
    text: optionalComment,
    jump: 'hufuAutoJumpOrder',
  },
  {
    action: 'reject_exclusion',
    form: 'text',
    endpoint: ep.decideRequest,
    fixed: { pass: 0 },
    text: comment,
    tone: 'danger',
    jump: 'hufuAutoJumpOrder',
  },
  {
    action: 'add_note',
    form: 'text',
    endpoint: ep.addNote,
    text: { field: 'content', required: true, max: MAX },
    jump: null,
  },
  {
    action: 'record_staff',
    form: 'text',
    endpoint: ep.recordHandlingPerson,
    // the dispatcher's claim sends no name; a host recording its handler must give one
    body: recordStaffBody,
    text: { field: 'staff', required: true, max: ACTION_LIMITS.name },
    jump: null,
  },
  // the host's endpoint is chosen by the edit form (editEndpoint)
  { action: 'edit', form: 'edit', endpoint: ep.editOrder, jump: null },
];

const BY_ACTION = new Map(DEFS.map((d) => [d.action, spec(d)]));

/**
 * The server has one ability for every field edit ('edit'); its paths split the fields, so the
 * ability opens three forms: the case (or, for a host, address and community), the remarks, and
 * the attributes. Attributes are district fields (the server refuses them to hosts), so a host
 * is not offered that form.
 */
export const REMARKS_SPEC: ActionSpec = spec({
  action: 'edit',
  button: 'edit_remarks',
  labelKey: 'editRemarks',
  form: 'remarks',
  endpoint: ep.editRemarks,
  jump: null,
});
export const ATTRIBUTES_SPEC: ActionSpec = spec({
  action: 'edit',
  button: 'edit_attributes',
  labelKey: 'editAttributes',
  form: 'attributes',
  endpoint: ep.editAttributes,
  jump: null,
});

/** The button id of a spec (`data-action`, React key). */
export const buttonId = (spec: ActionSpec): string => spec.button ?? spec.action;

/** Abilities that are not buttons: the lock is taken and released by the detail itself. */
export const LOCK_ABILITIES: ReadonlySet<string> = new Set(['lock', 'unlock']);

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

/** The edit endpoint for the caller: hosts correct address/community, the district the case. */
export function editEndpoint(host: boolean): ActionEndpoint {
  return host ? ep.editHostFields : ep.editOrder;
}

export const editPath = (host: boolean): string => endpointPath(editEndpoint(host));
