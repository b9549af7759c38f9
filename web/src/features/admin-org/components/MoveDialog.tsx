import { useState } from 'react';
import { Alert, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ParentChoice } from '../tree';
import { errorText } from '../form-errors';

const TOP = 'top';

export interface MoveDialogProps {
  open: boolean;
  title: string;
  label: string;
  hint: string;
  empty: string;
  choices: ParentChoice[];
  onMove: (parentId: number | null) => Promise<void>;
  onClose: () => void;
}

/** Picks a new parent among the allowed ones; the server's refusal is shown in the dialog. */
export function MoveDialog(props: MoveDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ parent?: number | typeof TOP }>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async () => {
    const { parent } = await form.validateFields();
    setBusy(true);
    setRefusal(null);
    try {
      await props.onMove(parent === TOP || parent === undefined ? null : parent);
    } catch (error) {
      setRefusal(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('adminOrg.common.move')}
      cancelText={t('adminOrg.common.cancel')}
      onOk={() => void submit()}
      onCancel={props.onClose}
      confirmLoading={busy}
      okButtonProps={{ disabled: props.choices.length === 0 }}
      destroyOnHidden
      afterClose={() => setRefusal(null)}
    >
      <Form form={form} layout="vertical" name="org-move" preserve={false}>
        {refusal ? (
          <Alert type="error" showIcon title={refusal} role="alert" className="hl-org-refusal" />
        ) : null}
        {props.choices.length === 0 ? (
          <Alert type="info" showIcon title={props.empty} />
        ) : (
          <Form.Item
            name="parent"
            label={props.label}
            extra={props.hint}
            rules={[
              { required: true, message: t('adminOrg.errors.required', { field: props.label }) },
            ]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={props.label}
              options={props.choices.map((c) => ({
                value: c.id ?? TOP,
                label: c.disabled ? `${c.label} (${t('adminOrg.common.disabled')})` : c.label,
                disabled: c.disabled,
              }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
