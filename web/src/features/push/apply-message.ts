import type { PushMessage, PushMessageMap, PushNotice } from '@hotline/contract';

/**
 * What one push message does to the console (spec section 4, "Badges and notices"): `add`
 * increments the menu's badge, adds the notice it carries and sounds the alert; a decrement
 * lowers the badge (the store never goes below 0); both mark an open list of the queue stale; heartbeat pings are ignored; `resync`
 * re-reads every count; `exportJob` (progress of the user's own export job) goes to the export
 * dialog.
 */
export interface PushEffects {
  addBadge: (menuId: string, delta: number) => void;
  addNotice: (notice: PushNotice) => void;
  alert: (menuId: string) => void;
  resync: () => void;
  /** An order entered or left a queue: an open list of it is no longer current. */
  queueChanged?: (menuId: string, num: number) => void;
  exportJob?: (job: PushMessageMap['exportJob']) => void;
  /** A reminder before a limit or an escalation after it (issue 21). */
  deadlineNotice?: (notice: PushMessageMap['deadlineNotice']) => void;
}

export function applyPushMessage(message: PushMessage, fx: PushEffects): void {
  switch (message.type) {
    case 'count':
      fx.queueChanged?.(message.menuId, message.num);
      if (message.action === 'add') {
        fx.addBadge(message.menuId, message.num);
        if (message.notice) fx.addNotice(message.notice);
        fx.alert(message.menuId);
      } else {
        fx.addBadge(message.menuId, -message.num);
      }
      return;
    case 'resync':
      fx.resync();
      return;
    case 'exportJob': {
      const { type: _type, ...job } = message;
      fx.exportJob?.(job);
      return;
    }
    case 'deadlineNotice': {
      const { type: _type, ...notice } = message;
      fx.deadlineNotice?.(notice);
      return;
    }
    case 'ping':
    case 'init':
    case 'bound':
      return;
  }
}
