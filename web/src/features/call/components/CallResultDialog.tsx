import { App, Button, Form, Input } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DraggableDialog } from '../../../components/DraggableDialog';
import { saveCallResult } from '../api';
import { useCallBar } from '../call-store';

/** The outbound-call result form: the handling result is required (spec section 5). */
export function CallResultDialog() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const resultFor = useCallBar((s) => s.resultFor);
  const openResult = useCallBar((s) => s.openResult);
  const [form] = Form.useForm<{ result: string }>();
  const save = useMutation({
    mutationFn: (result: string) => saveCallResult(resultFor ?? '', result),
    onSuccess: () => {
      void message.success(t('calls.result.saved'));
      void queryClient.invalidateQueries({ queryKey: ['calls', 'records'] });
      form.resetFields();
      openResult(null);
    },
  });

  return (
    <DraggableDialog
      open={resultFor !== null}
      width={600}
      title={t('calls.result.title')}
      onClose={() => openResult(null)}
      footer={
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
          {t('calls.result.submit')}
        </Button>
      }
    >
      <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values.result.trim())}>
        <Form.Item
          name="result"
          label={t('calls.result.label')}
          rules={[{ required: true, whitespace: true, message: t('calls.result.required') }]}
        >
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}
