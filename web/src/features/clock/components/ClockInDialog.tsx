import { useState } from 'react';
import { Alert, App, Button, Form, Radio } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DraggableDialog } from '../../../components/DraggableDialog';
import { RequestError } from '../../../lib/request';
import { postClock, type ClockPayload } from '../api';

export interface ClockInDialogProps {
  open: boolean;
  onClose: () => void;
  uid: number;
  userName: string;
  types: (1 | 2)[];
}

/** Sign in / sign out for call-back staff and dispatchers; posts the clock-in payload. */
export function ClockInDialog({ open, onClose, uid, userName, types }: ClockInDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [clockType, setClockType] = useState<1 | 2>(types[0] ?? 1);
  const [clockStatus, setClockStatus] = useState<0 | 1>(1);
  const [failure, setFailure] = useState<string | null>(null);
  const clock = useMutation({
    mutationFn: (payload: ClockPayload) => postClock(payload),
    onSuccess: (data) => {
      const msg = (data as { msg?: unknown } | null)?.msg;
      void message.success(typeof msg === 'string' && msg ? msg : t('clock.done'));
      onClose();
    },
    onError: (error) => {
      // The clock-in service is not part of this server yet: say so plainly.
      const missing = error instanceof RequestError && error.code === 404;
      setFailure(missing ? t('clock.unavailable') : error.message);
    },
  });

  return (
    <DraggableDialog
      open={open}
      width={600}
      title={t('clock.title')}
      onClose={onClose}
      footer={
        <Button
          type="primary"
          loading={clock.isPending}
          onClick={() => {
            setFailure(null);
            clock.mutate({ uid, userName, clockStatus, clockType });
          }}
        >
          {t('clock.submit')}
        </Button>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('clock.type')}>
          <Radio.Group
            value={clockType}
            onChange={(e) => setClockType(e.target.value as 1 | 2)}
            options={types.map((type) => ({
              value: type,
              label: t(type === 1 ? 'clock.types.callback' : 'clock.types.dispatcher'),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('clock.status')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={clockStatus}
            onChange={(e) => setClockStatus(e.target.value as 0 | 1)}
            options={[
              { value: 1, label: t('clock.onDuty') },
              { value: 0, label: t('clock.offDuty') },
            ]}
          />
        </Form.Item>
      </Form>
      {failure ? <Alert type="warning" showIcon title={failure} /> : null}
    </DraggableDialog>
  );
}
