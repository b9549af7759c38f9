import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { INTEGRATION_KEY_NAME } from '@hotline/contract';
import { RequestError } from '../../../lib/request';
import { createKey, type CreatedKey } from '../api';
import { errorText } from '../format';

const MODAL_WIDTH = 'min(480px, calc(100vw - 16px))';

/** Asks for the key's name and creates it; the caller shows the secret. */
export function KeyCreateDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: CreatedKey) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    const { name } = await form.validateFields();
    setSaving(true);
    setFailure(null);
    try {
      const created = await createKey(name.trim());
      form.resetFields();
      onCreated(created);
    } catch (error) {
      const text = errorText(error);
      if (error instanceof RequestError && error.code === 400 && /^name:/.test(text)) {
        form.setFields([{ name: 'name', errors: [text.replace(/^name:\s*/, '')] }]);
      } else {
        setFailure(text);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('adminSettings.keys.form.title')}
      width={MODAL_WIDTH}
      okText={t('adminSettings.keys.form.submit')}
      cancelText={t('adminSettings.common.cancel')}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        setFailure(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="key-create" onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label={t('adminSettings.keys.form.name')}
          extra={t('adminSettings.keys.form.nameHelp')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('adminSettings.keys.form.nameRequired'),
            },
            {
              validator: (_rule, value: string | undefined) =>
                !value?.trim() || INTEGRATION_KEY_NAME.test(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('adminSettings.keys.form.nameRule'))),
            },
          ]}
        >
          <Input
            autoFocus
            maxLength={64}
            placeholder={t('adminSettings.keys.form.namePlaceholder')}
          />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
    </Modal>
  );
}
