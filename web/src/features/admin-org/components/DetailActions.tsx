import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../form-errors';

/** One confirmed write of the detail panel (disable, enable, delete). */
export interface ConfirmedAction {
  key: string;
  label: string;
  confirm: string;
  danger?: boolean;
  run: () => Promise<unknown>;
  done: string;
}

export interface DetailActionsProps {
  /** Buttons that open a dialog (add, edit, move). */
  buttons: ReactNode;
  confirmed: ConfirmedAction[];
  /** After a confirmed write succeeded. */
  onChanged: (key: string) => void | Promise<void>;
}

/**
 * The detail panel's buttons. A confirmed write the server refuses (a unit still referenced,
 * a unit with enabled users) leaves its reason on the panel until the next try.
 */
export function DetailActions({ buttons, confirmed, onChanged }: DetailActionsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (action: ConfirmedAction) => {
    setBusy(action.key);
    setRefusal(null);
    try {
      await action.run();
      void message.success(action.done);
      await onChanged(action.key);
    } catch (error) {
      setRefusal(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="hl-org-actions">
      {refusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={refusal}
          closable={{ onClose: () => setRefusal(null) }}
          className="hl-org-refusal"
          data-testid="org-refusal"
        />
      ) : null}
      <Space wrap>
        {buttons}
        {confirmed.map((action) => (
          <Popconfirm
            key={action.key}
            title={action.confirm}
            okText={t('adminOrg.common.ok')}
            cancelText={t('adminOrg.common.cancel')}
            okButtonProps={{ danger: action.danger }}
            // not returned: the pop-up closes at once and the button shows the wait
            onConfirm={() => void run(action)}
            styles={{ root: { maxWidth: 'min(360px, calc(100vw - 24px))' } }}
          >
            <Button danger={action.danger} disabled={busy !== null}>
              {action.label}
            </Button>
          </Popconfirm>
        ))}
      </Space>
    </div>
  );
}
