import { AutoComplete, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { PhraseTextArea } from '../../phrases';

/** Extension: extra hours (1–720) and a reason. */
export function ExtensionFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="hours" label={t('orderDetail.form.hours')} required>
        <InputNumber min={1} max={720} precision={0} data-testid="field-hours" />
      </Form.Item>
      <Form.Item name="reason" label={t('orderDetail.form.reason')} required>
        <PhraseTextArea category="reason" rows={3} maxLength={2000} data-testid="field-reason" />
      </Form.Item>
    </>
  );
}

/** Exclusion from assessment: the type and a reason. */
export function ExclusionFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="tichuType" label={t('orderDetail.form.tichuType')} required>
        <Input maxLength={50} data-testid="field-tichuType" />
      </Form.Item>
      <Form.Item name="reason" label={t('orderDetail.form.reason')} required>
        <PhraseTextArea category="reason" rows={3} maxLength={2000} data-testid="field-reason" />
      </Form.Item>
    </>
  );
}

export interface MergeCandidate {
  id: number;
  orderNum: string;
  title: string;
}

/** Merge into another open order: pick a similar order or type its id. */
export function MergeFields({ candidates }: { candidates: MergeCandidate[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="intoId"
        label={t('orderDetail.form.intoId')}
        extra={t('orderDetail.form.intoIdHint')}
        required
      >
        <AutoComplete
          data-testid="field-intoId"
          options={candidates.map((c) => ({
            value: String(c.id),
            label: `${c.orderNum} · ${c.title}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="comment" label={t('orderDetail.form.commentOptional')}>
        <PhraseTextArea category="any" rows={2} maxLength={2000} data-testid="field-comment" />
      </Form.Item>
    </>
  );
}
