import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CreatedKey } from '../api';

const MODAL_WIDTH = 'min(560px, calc(100vw - 16px))';

/**
 * The new key, shown this once (only its hash is stored): copy it now. Closing needs the
 * explicit "saved" button; a click beside the dialog does not throw the key away.
 */
export function KeySecretDialog({
  created,
  onClose,
}: {
  created: CreatedKey | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={created !== null}
      title={t('adminSettings.keys.created.title')}
      width={MODAL_WIDTH}
      maskClosable={false}
      keyboard={false}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="key-secret-done">
          {t('adminSettings.keys.created.done')}
        </Button>
      }
    >
      {created ? (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('adminSettings.keys.created.warning')} />
          <Typography.Text type="secondary">
            {t('adminSettings.keys.created.name', { name: created.key.name })}
          </Typography.Text>
          <div>
            <Typography.Text strong id="key-secret-label">
              {t('adminSettings.keys.created.label')}
            </Typography.Text>
            <Typography.Paragraph
              className="hl-key-secret"
              code
              aria-labelledby="key-secret-label"
              data-testid="key-secret"
              copyable={{
                text: created.secret,
                tooltips: [
                  t('adminSettings.keys.created.copy'),
                  t('adminSettings.keys.created.copied'),
                ],
              }}
            >
              {created.secret}
            </Typography.Paragraph>
          </div>
        </Flex>
      ) : null}
    </Modal>
  );
}
