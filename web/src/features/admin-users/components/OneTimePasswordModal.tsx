import { App, Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { copyText } from '../clipboard';

/** A one-time password to show: after a create or a reset. */
export interface ShownPassword {
  kind: 'created' | 'reset';
  username: string;
  realname: string;
  password: string;
}

/**
 * Shows a one-time password once. It is not kept anywhere: closing the dialog forgets it, so
 * the dialog does not close on a click beside it.
 */
export function OneTimePasswordModal({
  shown,
  onClose,
}: {
  shown: ShownPassword | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const name = shown ? shown.realname || shown.username : '';
  const copy = async () => {
    if (!shown) return;
    if (await copyText(shown.password)) void message.success(t('adminUsers.password.copied'));
    else void message.warning(t('adminUsers.password.copyFailed'));
  };
  return (
    <Modal
      open={shown !== null}
      title={
        shown?.kind === 'reset'
          ? t('adminUsers.password.resetTitle', { name })
          : t('adminUsers.password.createdTitle', { name })
      }
      onCancel={onClose}
      // Shown once: it closes only on purpose (the buttons or ×), not on Esc or a stray click.
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={[
        <Button key="copy" icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('adminUsers.password.copy')}
        </Button>,
        <Button key="done" type="primary" onClick={onClose}>
          {t('adminUsers.password.done')}
        </Button>,
      ]}
    >
      {shown && (
        <div data-testid="one-time-password-dialog">
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'username',
                label: t('adminUsers.password.username'),
                children: <Typography.Text strong>{shown.username}</Typography.Text>,
              },
            ]}
          />
          <Typography.Text type="secondary" id="one-time-password-label">
            {t('adminUsers.password.label')}
          </Typography.Text>
          <Typography.Text
            className="hl-users-password"
            data-testid="one-time-password"
            aria-labelledby="one-time-password-label"
            role="textbox"
            aria-readonly
          >
            {shown.password}
          </Typography.Text>
          <Alert
            type="warning"
            showIcon
            title={t('adminUsers.password.once')}
            description={t('adminUsers.password.mustChange')}
          />
        </div>
      )}
    </Modal>
  );
}
