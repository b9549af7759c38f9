import { Checkbox, Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActionSpec } from '../action-table';
import { PhraseTextArea } from '../../phrases';

const LABEL = {
  reason: 'orderDetail.form.reason',
  comment: 'orderDetail.form.comment',
  content: 'orderDetail.form.content',
  staff: 'orderDetail.form.staff',
} as const;

/** Which phrases each one-text field is offered: reasons, review opinions, reply texts. */
const TEXT_CATEGORY = {
  reason: 'reason',
  comment: 'review',
  content: 'reply',
  staff: 'any',
} as const;

/**
 * The one-text forms: refuse and return need a reason, rejections and supervision a comment,
 * approvals take an optional one; approving a return may send the order back to the city; the
 * key-appeal toggle says which way it goes.
 */
export function TextFields({ spec, keyAppealOn }: { spec: ActionSpec; keyAppealOn?: boolean }) {
  const { t } = useTranslation();
  const text = spec.text;
  if (!text) return null;
  const label =
    text.field === 'comment' && !text.required
      ? t('orderDetail.form.commentOptional')
      : t(LABEL[text.field]);
  return (
    <>
      {spec.action === 'key_appeal' ? (
        <Form.Item label={t('orderDetail.form.on')}>
          <Tag color={keyAppealOn ? 'red' : 'default'} data-testid="key-appeal-direction">
            {keyAppealOn ? t('orderDetail.actions.keyOn') : t('orderDetail.actions.keyOff')}
          </Tag>
        </Form.Item>
      ) : null}
      <Form.Item name={text.field} label={label} required={text.required}>
        {text.field === 'staff' ? (
          <Input maxLength={text.max} data-testid={`field-${text.field}`} />
        ) : (
          <PhraseTextArea
            category={TEXT_CATEGORY[text.field]}
            rows={3}
            maxLength={text.max}
            showCount
            data-testid={`field-${text.field}`}
          />
        )}
      </Form.Item>
      {spec.action === 'approve_return' ? (
        <Form.Item name="toCity" valuePropName="checked">
          <Checkbox>{t('orderDetail.form.toCity')}</Checkbox>
        </Form.Item>
      ) : null}
    </>
  );
}
