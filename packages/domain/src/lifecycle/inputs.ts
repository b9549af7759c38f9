import type { VisitResult } from '../work-order';
import type { OrderState } from './types';

/** The input each action takes (validated for shape by the contract, for meaning here). */
export interface ActionInputs {
  sign: Record<string, never>;
  refuse: { reason: string };
  claim: Record<string, never>;
  dispatch: { hostUnitId: number; coHostUnitIds?: number[]; comment?: string };
  host_sign: Record<string, never>;
  apply_return: { reason: string };
  approve_return: { comment?: string; toCity?: boolean };
  reject_return: { comment: string };
  reply: { content: string; contacted: boolean; resolved: boolean };
  approve_reply: { comment?: string };
  reject_reply: { comment: string };
  visit: {
    reached: boolean;
    hostContacted?: boolean;
    resolved?: boolean;
    satisfaction?: VisitResult;
    remark?: string;
  };
  close: { comment?: string };
  re_handle: { comment: string };
  request_visit: { comment?: string };
  supervise: { comment: string };
  key_appeal: { on: boolean; comment?: string };
  merge: { into: Pick<OrderState, 'id' | 'status' | 'mergedIntoId'>; comment?: string };
  apply_extension: { hours: number; reason: string };
  approve_extension: { comment?: string };
  reject_extension: { comment: string };
  apply_exclusion: { tichuType: string; reason: string };
  approve_exclusion: { comment?: string };
  reject_exclusion: { comment: string };
  lock: Record<string, never>;
  unlock: { force?: boolean };
  add_note: { content: string };
  record_staff: { staff: string };
  edit: { fields: string[]; comment?: string };
  sms_opt_out: { comment?: string };
  sms_opt_in: { comment?: string };
}
