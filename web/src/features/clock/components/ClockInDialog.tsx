import { useState } from 'react';
import { formatCst } from '@hotline/domain';
import { Alert, App, Button, Descriptions, Form, Radio, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DraggableDialog } from '../../../components/DraggableDialog';
import { RequestError } from '../../../lib/request';
import { clockStateQuery, postClock, type ClockPayload } from '../api';

export interface ClockInDialogProps {
  open: boolean;
  onClose: () => void;
  uid: number;
  userName: string;
  types: (1 | 2)[];
}

/**
 * Sign in / sign out for call-back staff and dispatchers: shows the current duty state per
 * type, posts the clock-in payload and shows the message the server returns.
 */
export function ClockInDialog({ open, onClose, uid, userName, types }: ClockInDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const state = useQuery({ ...clockStateQuery(), enabled: open });
  const [clockType, setClockType] = useState<1 | 2>(types[0] ?? 1);
  const [chosen, setChosen] = useState<0 | 1 | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const duty = state.data?.list.find((d) => d.clockType === clockType);
  // Offer the change: off duty → clock on, on duty → clock off (the user may pick either).
  const clockStatus: 0 | 1 = chosen ?? (duty?.onDuty ? 0 : 1);
  const clock = useMutation({
    mutationFn: (payload: ClockPayload) => postClock(payload),
    onSuccess: (data) => {
      void message.success(data.msg || t('clock.done'));
      void queryClient.invalidateQueries({ queryKey: ['clock', 'state'] });
      setChosen(null);
      onClose();
    },
    onError: (error) => {
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
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        {types.map((type) => {
          const d = state.data?.list.find((x) => x.clockType === type);
          return (
            <Descriptions.Item
              key={type}
              label={t(type === 1 ? 'clock.types.callback' : 'clock.types.dispatcher')}
            >
              <span data-testid={`duty-state-${type}`}>
                <Tag color={d?.onDuty ? 'green' : 'default'}>
                  {d?.onDuty ? t('calls.clock.onDuty') : t('calls.clock.offDuty')}
                </Tag>
                {d?.since
                  ? t('calls.clock.since', { time: formatCst(d.since, 'YYYY-MM-DD HH:mm') })
                  : null}
              </span>
            </Descriptions.Item>
          );
        })}
      </Descriptions>
      <Form layout="vertical">
        <Form.Item label={t('clock.type')}>
          <Radio.Group
            value={clockType}
            onChange={(e) => {
              setClockType(e.target.value as 1 | 2);
              setChosen(null);
            }}
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
            onChange={(e) => setChosen(e.target.value as 0 | 1)}
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
