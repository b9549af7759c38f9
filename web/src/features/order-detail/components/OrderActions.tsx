import { useRef, useState } from 'react';
import { Alert, Button, Popconfirm, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  actionBody,
  actionButtons,
  actionSpec,
  ActionPanel,
  buttonId,
  postAction,
  specLabel,
  type ActionSpec,
} from '../../order-actions';
import { actionKey, ShortcutHelp } from '../../shortcuts';
import { detailKey, similarQuery, type OrderDetail } from '../api';
import { useActionKeys } from '../use-action-keys';
import { useAfterAction, type ActionContext } from '../use-after-action';
import type { useOrderLock } from '../use-order-lock';

interface OrderActionsProps extends ActionContext {
  detail: OrderDetail;
  lock: ReturnType<typeof useOrderLock>;
  host: boolean;
}

/**
 * The action bar: one button per ability the server returned. Starting an action takes the lock;
 * one-click actions ask for confirmation, the others open their form below the bar.
 */
export function OrderActions({ detail, lock, host, ...context }: OrderActionsProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [active, setActive] = useState<ActionSpec | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const after = useAfterAction(context);
  const order = detail.order;
  const buttons = actionButtons(detail.abilities, host);
  const root = useRef<HTMLDivElement>(null);
  // the merge form offers the open similar orders: read when that form opens
  const similar = useQuery({
    ...similarQuery(order.id),
    enabled: active !== null && actionSpec(active.action)?.form === 'merge',
  });
  const [helpOpen, setHelpOpen] = useState(false);
  useActionKeys(root, buttons, active !== null, () => setHelpOpen(true));

  const refused = async (e: unknown) => {
    setError(e instanceof Error ? e.message : String(e));
    await queryClient.invalidateQueries({ queryKey: detailKey(order.id) });
  };
  /**
   * Takes the lock for the action; false when the server refused it (message shown). `reread`:
   * the detail shows the lock (a one-click action leaves it out: its reply brings the detail).
   */
  const lockFor = async (spec: ActionSpec, reread = true) => {
    try {
      const took = await lock.ensure(spec.action, detail.abilities);
      if (took && reread) void queryClient.invalidateQueries({ queryKey: detailKey(order.id) });
      return true;
    } catch (e) {
      await refused(e);
      return false;
    }
  };
  const start = async (spec: ActionSpec) => {
    setError(null);
    setBusy(buttonId(spec));
    const ok = await lockFor(spec);
    setBusy(null);
    if (ok) setActive(spec);
  };
  const confirm = async (spec: ActionSpec) => {
    setError(null);
    setBusy(buttonId(spec));
    try {
      if (!(await lockFor(spec, false))) return;
      const result = await postAction(spec.endpoint, actionBody(spec, order.id, {}));
      lock.update(result.abilities);
      await after(spec, null, result);
    } catch (e) {
      await refused(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div ref={root} className="hl-detail-actions" data-testid="detail-actions">
      {buttons.length === 0 ? (
        <Typography.Text type="secondary" data-testid="no-actions">
          {t('orderDetail.actions.none')}
        </Typography.Text>
      ) : (
        <Space wrap>
          {buttons.map((spec) => {
            const id = buttonId(spec);
            const label = specLabel(spec, t, i18n.language);
            const key = spec.button ? undefined : actionKey(spec.action);
            const button = (
              <Button
                key={id}
                type={spec.tone === 'primary' ? 'primary' : 'default'}
                danger={spec.tone === 'danger'}
                loading={busy === id}
                disabled={busy !== null && busy !== id}
                data-action={id}
                title={key ? t('shortcuts.key', { key: key.toUpperCase() }) : undefined}
                aria-keyshortcuts={key}
                onClick={spec.form === 'confirm' ? undefined : () => void start(spec)}
              >
                {label}
              </Button>
            );
            return spec.form === 'confirm' ? (
              <Popconfirm
                key={id}
                title={t('orderDetail.actions.confirm', { action: label })}
                okText={t('orderDetail.actions.submit')}
                cancelText={t('orderDetail.actions.cancel')}
                okButtonProps={{ 'data-testid': 'confirm-ok' } as Record<string, string>}
                // Inside the detail's dialog, not at the end of the page: the dialog keeps the
                // focus within itself, and its OK button must be able to take it (keyboard use).
                getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
                onConfirm={() => confirm(spec)}
              >
                {button}
              </Popconfirm>
            ) : (
              button
            );
          })}
        </Space>
      )}
      {error ? (
        <Alert
          className="hl-detail-action-error"
          type="error"
          showIcon
          closable
          role="alert"
          data-testid="action-bar-error"
          title={error}
          onClose={() => setError(null)}
        />
      ) : null}
      {active && actionSpec(active.action) ? (
        <ActionPanel
          key={`${order.id}:${buttonId(active)}`}
          spec={active}
          order={order}
          candidates={(similar.data?.list ?? []).filter((s) => [0, 1, 11, 12].includes(s.status))}
          host={host}
          onCancel={() => setActive(null)}
          onDone={(result, hostKind) => {
            lock.update(result.abilities);
            setActive(null);
            void after(active, hostKind, result);
          }}
        />
      ) : null}
      <ShortcutHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
