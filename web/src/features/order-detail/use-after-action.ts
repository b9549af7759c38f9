import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App } from 'antd';
import { emitOrderEvent } from '../../lib/order-bus';
import {
  fetchQueueIds,
  jumpSetting,
  nextOrderId,
  specLabel,
  type ActionSpec,
} from '../order-actions';
import { useSettings } from '../theme';
import { detailKey, putDetail, type OrderDetail } from './api';

export interface ActionContext {
  id: number;
  menuId?: string;
  siblings?: number[];
  /**
   * Opens another order in this view (auto-jump); `from`, the order acted on: a view that no
   * longer shows it (the user opened another while the queue was read) stays as it is.
   */
  onOpen?: (id: number, from?: number) => void;
}

/**
 * What follows a successful action, with one request at most: the detail shows the one the
 * action's reply carries, lists hear `changed` on the order bus (and are read again once), the
 * menu badges move with the push channel's deltas for the same commit (no counts re-read), and
 * with the action's auto-jump setting on the next order of the same queue opens (the queue's
 * first page is read for it: the one deliberate extra read).
 */
export function useAfterAction({ id, menuId, siblings = [], onOpen }: ActionContext) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const { message } = App.useApp();
  return useCallback(
    async (spec: ActionSpec, hostKind: string | null, reply: { detail?: OrderDetail }) => {
      void message.success(
        t('orderDetail.actions.done', { action: specLabel(spec, t, i18n.language) }),
      );
      emitOrderEvent({ type: 'changed', id, action: spec.action, menuId });
      // the reply's detail costs no request: shown at once, auto-jump or not
      const put = reply.detail ? putDetail(queryClient, id, reply.detail) : null;
      const setting = jumpSetting(spec, hostKind);
      const jump = setting !== null && settings[setting] && onOpen && (menuId || siblings.length);
      if (jump) {
        const fresh = menuId ? await fetchQueueIds(menuId).catch(() => null) : null;
        const next = nextOrderId(id, siblings, fresh);
        if (next !== null) {
          void message.info(t('orderDetail.actions.next'));
          onOpen(next, id);
          return;
        }
        void message.info(t('orderDetail.actions.noNext'));
      }
      // a reply without one (the order left the caller's scope): the detail reads itself again
      await (put ?? queryClient.invalidateQueries({ queryKey: detailKey(id) }));
    },
    [id, menuId, siblings, onOpen, settings, queryClient, t, i18n.language, message],
  );
}
