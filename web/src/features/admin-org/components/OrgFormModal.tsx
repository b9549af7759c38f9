import type { ReactNode } from 'react';
import { Alert, Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useDialogForm } from '../hooks/use-dialog-form';

export interface OrgFormModalProps<V> {
  open: boolean;
  title: string;
  /** The form's name (its fields' ids start with it). */
  name: string;
  form: FormInstance<V>;
  initial: V;
  /** Its `useDialogForm`: the request in flight, and a refusal not tied to a field. */
  dialog: Pick<ReturnType<typeof useDialogForm>, 'busy' | 'refusal' | 'clearRefusal'>;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The frame of a unit's or category's add/edit dialog: a vertical form whose values are not
 * kept once it closes, the server's refusal above the fields, 保存 (or Enter) saving.
 */
export function OrgFormModal<V>(props: OrgFormModalProps<V>) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('adminOrg.common.save')}
      cancelText={t('adminOrg.common.cancel')}
      onOk={props.onSave}
      onCancel={props.onClose}
      confirmLoading={props.dialog.busy}
      destroyOnHidden
      afterClose={props.dialog.clearRefusal}
    >
      <Form
        form={props.form}
        layout="vertical"
        name={props.name}
        initialValues={props.initial as object}
        preserve={false}
        onFinish={props.onSave}
      >
        {props.dialog.refusal ? (
          <Alert
            type="error"
            showIcon
            title={props.dialog.refusal}
            role="alert"
            className="hl-org-refusal"
          />
        ) : null}
        {props.children}
        {/* Enter in a field submits the form (implicit submission needs a submit button). */}
        <button type="submit" hidden tabIndex={-1} aria-hidden />
      </Form>
    </Modal>
  );
}
