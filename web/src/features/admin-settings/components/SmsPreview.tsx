import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderSms } from '@hotline/domain';

/** Sample values a template is previewed with. */
const SAMPLE = {
  orderNum: 'ZJ202611250001',
  category: '路灯不亮',
  reply: '经现场核查，路灯线路故障已修复，恢复照明。',
  trackUrl: 'https://12345.example.gov.cn/#/track',
  date: '20261125',
};

/** A text-message template (sms_tpl_*) as the citizen would read it, updated as it is typed. */
export function SmsPreview({ name }: { name: string }) {
  const { t } = useTranslation();
  const value = Form.useWatch<string | undefined>(name);
  if (!value) return null;
  return (
    <div className="hl-cfg-preview" data-testid={`sms-preview-${name}`}>
      <Typography.Text type="secondary">{t('adminSettings.settings.smsPreview')}</Typography.Text>
      <div className="hl-cfg-preview-text">{renderSms(value, SAMPLE)}</div>
    </div>
  );
}
