import type { TFunction } from 'i18next';
import type { PushMessageMap } from '@hotline/contract';
import { siteVoiceAllowed } from '../theme';

/**
 * A deadline notice (issue 21) as the console shows it: one line in the notice list (its menu
 * id `deadline` marks no menu entry) and, when voice alerts are on for the user and the site,
 * read aloud by the browser's speech synthesis (there is no recorded file for it).
 */
export type DeadlineNotice = PushMessageMap['deadlineNotice'];

export const DEADLINE_MENU_ID = 'deadline';

export function deadlineNoticeText(n: DeadlineNotice, t: TFunction): string {
  const limit =
    n.limit === 'sign' ? t('push.deadline.limits.sign') : t('push.deadline.limits.handling');
  if (n.kind === 'reminder') {
    return t('push.deadline.reminder', { orderNum: n.orderNum, limit, hours: n.hoursBefore });
  }
  const params = { orderNum: n.orderNum, limit };
  return n.level >= 2
    ? t('push.deadline.escalation2', params)
    : t('push.deadline.escalation', params);
}

export function deadlineNoticeItem(
  n: DeadlineNotice,
  t: TFunction,
): { msg: string; orderNum: string; assignId: number; menuId: string } {
  return {
    msg: deadlineNoticeText(n, t),
    orderNum: n.orderNum,
    assignId: n.orderId,
    menuId: DEADLINE_MENU_ID,
  };
}

/** Reads the notice aloud when the user's voice icon is on and the site allows voice. */
export function speakNotice(text: string, userVoiceOn: boolean): void {
  if (!userVoiceOn || !siteVoiceAllowed()) return;
  const synth = typeof window === 'undefined' ? undefined : window.speechSynthesis;
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'zh-CN';
  synth.speak(utterance);
}
