import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../lib/request';
import { batchSupervise, type BatchResult } from '../api';

export interface BatchSupervisionProps {
  open: boolean;
  ids: number[];
  /** Order numbers by id, to name the refused ones. */
  numbers: Record<number, string>;
  onClose: () => void;
  onDone: (result: BatchResult) => void;
}

export const SUPERVISE_COMMENT_MAX = 2000;

/**
 * Batch supervision (Cy/batchSupervision): one comment for the selected orders; the server
 * decides each order on its own and names the refused ones, which stay listed here.
 */
export function BatchSupervision({ open, ids, numbers, onClose, onDone }: BatchSupervisionProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ comment: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<BatchResult['refused']>([]);

  const submit = async () => {
    const { comment } = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      const result = await batchSupervise(ids, comment.trim());
      setRefused(result.refused);
      onDone(result);
      if (!result.refused.length) {
        form.resetFields();
        onClose();
      }
    } catch (e) {
      // the form keeps what was typed; the server's message says why
      setError(e instanceof RequestError || e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('workOrders.batch.title')}
      okText={t('workOrders.batch.submit')}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        setRefused([]);
        setError(null);
        onClose();
      }}
      destroyOnHidden={false}
      className="hl-batch-supervise"
    >
      <p>{t('workOrders.toolbar.selected', { n: ids.length })}</p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="comment"
          label={t('workOrders.batch.comment')}
          rules={[
            { required: true, whitespace: true, message: t('workOrders.batch.commentRequired') },
            { max: SUPERVISE_COMMENT_MAX, message: t('workOrders.batch.commentLong') },
          ]}
        >
          <Input.TextArea rows={4} showCount maxLength={SUPERVISE_COMMENT_MAX} />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" title={error} showIcon /> : null}
      {refused.length ? (
        <Alert
          type="warning"
          showIcon
          title={t('workOrders.batch.refusedTitle')}
          description={
            <ul className="hl-batch-refused">
              {refused.map((r) => (
                <li key={r.id}>
                  {numbers[r.id] ?? r.id}: {r.msg}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
    </Modal>
  );
}
