import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Typography } from 'antd';
import { UnlockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UNLOCK_REASON_MAX, type authEndpoints, type EndpointData } from '@hotline/contract';
import { actionEndpoints } from '@hotline/contract/client';
import { call } from '../../../lib/api-client';
import { RequestError } from '../../../lib/request';
import { detailKey, type OrderDetail } from '../api';
import { formatTime } from '../format';

type SessionUser = EndpointData<typeof authEndpoints.userInfo>;

const MODAL_WIDTH = 'min(480px, calc(100vw - 16px))';

/**
 * Breaking someone else's lock is offered to an administrator (the session's roles) when the
 * server says they may (`unlock` among the abilities) and the lock is not their own.
 */
export function useMayForceUnlock(detail: OrderDetail): boolean {
  const user = useQueryClient().getQueryData<SessionUser>(['session', 'userInfo']);
  const lock = detail.lock;
  if (!lock || !user) return false;
  return (
    user.roles.includes('admin') &&
    lock.userId !== user.info.uid &&
    detail.abilities.includes('unlock')
  );
}

/** Force unlock with a reason (required; kept by the audit log); the detail is read afresh. */
export function ForceUnlock({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const lock = detail.lock;
  const id = detail.order.id;
  if (!lock) return null;

  const submit = async () => {
    const { reason } = await form.validateFields();
    setSaving(true);
    setFailure(null);
    try {
      await call(
        actionEndpoints.unlock,
        { id, force: true, reason: reason.trim() },
        { noError: true },
      );
      void message.success(t('adminSettings.forceUnlock.done'));
      setOpen(false);
      form.resetFields();
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (error instanceof RequestError && error.code === 400 && /^reason:/.test(text)) {
        form.setFields([{ name: 'reason', errors: [text.replace(/^reason:\s*/, '')] }]);
      } else {
        setFailure(t('adminSettings.forceUnlock.failed', { msg: text }));
      }
    } finally {
      setSaving(false);
      // unlocked, or the lock changed meanwhile: either way the detail says how it stands now
      await client.invalidateQueries({ queryKey: detailKey(id) });
    }
  };

  return (
    <>
      <Button
        size="small"
        danger
        icon={<UnlockOutlined />}
        onClick={() => setOpen(true)}
        data-testid="force-unlock"
      >
        {t('adminSettings.forceUnlock.button')}
      </Button>
      <Modal
        open={open}
        title={t('adminSettings.forceUnlock.title')}
        width={MODAL_WIDTH}
        okText={t('adminSettings.forceUnlock.submit')}
        okButtonProps={{ danger: true }}
        cancelText={t('adminSettings.common.cancel')}
        confirmLoading={saving}
        onOk={() => void submit().catch(() => undefined)}
        onCancel={() => {
          setOpen(false);
          setFailure(null);
        }}
        destroyOnHidden
        // above the order dialog, which may be full screen
        zIndex={2000}
      >
        <Typography.Paragraph>
          {t('adminSettings.forceUnlock.holder', {
            name: lock.userName,
            time: formatTime(lock.expiresAt),
          })}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" name={`force-unlock-${id}`}>
          <Form.Item
            name="reason"
            label={t('adminSettings.forceUnlock.reason')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('adminSettings.forceUnlock.reasonRequired'),
              },
            ]}
          >
            <Input.TextArea
              autoFocus
              autoSize={{ minRows: 2, maxRows: 6 }}
              maxLength={UNLOCK_REASON_MAX}
              showCount
              placeholder={t('adminSettings.forceUnlock.reasonPlaceholder')}
            />
          </Form.Item>
        </Form>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
      </Modal>
    </>
  );
}
