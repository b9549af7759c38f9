import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App } from 'antd';
import { emitOrderEvent } from '../../lib/order-bus';
import { jumpSetting, nextOrderId, type ActionSpec } from '../order-actions/action-table';
import { specLabel } from '../order-actions/components/ActionPanel';
import { fetchQueueIds } from '../order-actions/api';
import { useSettings } from '../theme/theme-store';
import { detailKey, refreshBadgeCounts } from './api';

export interface ActionContext {
  id: number;
  menuId?: string;
  siblings?: number[];
  /** Opens another order in this view (auto-jump). */
  onOpen?: (id: number) => void;
}

/**
 * What follows a successful action: the detail re-reads, lists hear `changed` on the order bus,
 * the menu badges re-read `lists/counts`, and with the action's auto-jump setting on the next
 * order of the same queue opens.
 */
export function useAfterAction({ id, menuId, siblings = [], onOpen }: ActionContext) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const { message } = App.useApp();
  return useCallback(
    async (spec: ActionSpec, hostKind: string | null) => {
      void message.success(
        t('orderDetail.actions.done', { action: specLabel(spec, t, i18n.language) }),
      );
      emitOrderEvent({ type: 'changed', id, action: spec.action, menuId });
      void refreshBadgeCounts().catch(() => undefined);
      const setting = jumpSetting(spec, hostKind);
      const jump = setting !== null && settings[setting] && onOpen && (menuId || siblings.length);
      if (jump) {
        const fresh = menuId ? await fetchQueueIds(menuId).catch(() => null) : null;
        const next = nextOrderId(id, siblings, fresh);
        if (next !== null) {
          void message.info(t('orderDetail.actions.next'));
          onOpen(next);
          return;
        }
        void message.info(t('orderDetail.actions.noNext'));
      }
      await queryClient.invalidateQueries({ queryKey: detailKey(id) });
    },
    [id, menuId, siblings, onOpen, settings, queryClient, t, i18n.language, message],
  );
}
