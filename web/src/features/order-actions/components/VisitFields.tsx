import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { VISIT_RESULTS } from '@hotline/domain';
import { PhraseTextArea } from '../../phrases';
import { YesNo } from './YesNo';

/** A call-back attempt: reached?; when reached, the three results are required. */
export function VisitFields() {
  const { t } = useTranslation();
  const reached = Form.useWatch<number | undefined>('reached');
  return (
    <>
      <Form.Item name="reached" label={t('orderDetail.form.reached')} required>
        <Radio.Group
          data-testid="field-reached"
          options={[
            { value: 1, label: t('orderDetail.form.reachedYes') },
            { value: 0, label: t('orderDetail.form.reachedNo') },
          ]}
        />
      </Form.Item>
      {reached === 1 ? (
        <>
          <Form.Item name="hostContacted" label={t('orderDetail.form.hostContacted')} required>
            <YesNo testId="field-hostContacted" />
          </Form.Item>
          <Form.Item name="resolved" label={t('orderDetail.form.resolved')} required>
            <YesNo testId="field-resolved" />
          </Form.Item>
          <Form.Item name="satisfaction" label={t('orderDetail.form.satisfaction')} required>
            <Radio.Group
              data-testid="field-satisfaction"
              options={VISIT_RESULTS.map((v) => ({
                value: v,
                label: t(`orderDetail.values.satisfaction.${v}`),
              }))}
            />
          </Form.Item>
        </>
      ) : null}
      <Form.Item name="remark" label={t('orderDetail.form.remark')}>
        <PhraseTextArea category="visit" rows={2} maxLength={2000} data-testid="field-remark" />
      </Form.Item>
    </>
  );
}
