import { useEffect, useState } from 'react';
import { Alert, Input, Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isWeekendDate, type GridDay } from '../month-grid';

export type DayChoice = 'none' | 'holiday' | 'workday';

/** Set one day: an ordinary day, a day off, or (weekends only) an adjusted working day. */
export function DayDialog({
  day,
  saving,
  error,
  onSave,
  onCancel,
}: {
  day: GridDay | null;
  saving: boolean;
  error: string | null;
  onSave: (choice: DayChoice, name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<DayChoice>('none');
  const [name, setName] = useState('');
  useEffect(() => {
    if (!day) return;
    setChoice(day.state === 'holiday' ? 'holiday' : day.state === 'adjusted' ? 'workday' : 'none');
    setName(day.name);
  }, [day]);
  const weekend = day ? isWeekendDate(day.date) : false;
  return (
    <Modal
      open={day !== null}
      title={day ? t('workCalendar.dayTitle', { date: day.date }) : ''}
      okText={t('workCalendar.save')}
      cancelText={t('workCalendar.cancel')}
      confirmLoading={saving}
      onOk={() => onSave(choice, name)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Radio.Group
          value={choice}
          onChange={(e) => setChoice(e.target.value as DayChoice)}
          aria-label={t('workCalendar.kind')}
        >
          <Radio value="none">
            {t(weekend ? 'workCalendar.kinds.weekend' : 'workCalendar.kinds.none')}
          </Radio>
          <Radio value="holiday">{t('workCalendar.kinds.holiday')}</Radio>
          <Radio value="workday" disabled={!weekend}>
            {t('workCalendar.kinds.workday')}
          </Radio>
        </Radio.Group>
        {!weekend && (
          <Typography.Text type="secondary">{t('workCalendar.workdayHint')}</Typography.Text>
        )}
        {choice !== 'none' && (
          <Input
            aria-label={t('workCalendar.name')}
            placeholder={t('workCalendar.namePlaceholder')}
            maxLength={30}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        )}
        {error && <Alert type="error" showIcon message={error} />}
      </Space>
    </Modal>
  );
}
