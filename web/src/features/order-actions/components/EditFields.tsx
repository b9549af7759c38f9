import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { EDIT_FIELDS_DISTRICT, EDIT_FIELDS_HOST } from '../action-rules';

const LABELS = {
  title: 'orderDetail.form.editTitle',
  majorContent: 'orderDetail.form.editContent',
  address: 'orderDetail.form.editAddress',
  callerName: 'orderDetail.form.editCallerName',
  callerPhone: 'orderDetail.form.editCallerPhone',
} as const;
const MAX = { title: 200, majorContent: 5000, address: 200, callerName: 50, callerPhone: 30 };

/** Corrections: the district edits the case, a host its address (only changed fields are sent). */
export function EditFields({ host }: { host: boolean }) {
  const { t } = useTranslation();
  const fields = host ? EDIT_FIELDS_HOST : EDIT_FIELDS_DISTRICT;
  return (
    <>
      {fields.map((field) => (
        <Form.Item key={field} name={field} label={t(LABELS[field])}>
          {field === 'majorContent' ? (
            <Input.TextArea rows={4} maxLength={MAX[field]} data-testid={`field-${field}`} />
          ) : (
            <Input maxLength={MAX[field]} data-testid={`field-${field}`} />
          )}
        </Form.Item>
      ))}
    </>
  );
}
