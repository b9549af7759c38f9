import { useState } from 'react';
import { Button, Empty, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SeatList } from '../api';

/** Choose one of the offered seats (seats of other logged-in agents are not offered). */
export function SeatPicker({
  seats,
  busy,
  onPick,
}: {
  seats: SeatList | undefined;
  busy: boolean;
  onPick: (seatNo: number) => void;
}) {
  const { t } = useTranslation();
  const offered = seats?.list ?? [];
  const [seat, setSeat] = useState<number | undefined>(undefined);
  if (seats && offered.length === 0) return <Empty description={t('calls.bar.noSeat')} />;
  return (
    <Space>
      <Select
        data-testid="seat-select"
        style={{ width: 140 }}
        placeholder={t('calls.bar.chooseSeat')}
        value={seat}
        onChange={setSeat}
        options={offered.map((s) => ({ value: s.seatNo, label: s.name }))}
      />
      <Button
        type="primary"
        disabled={seat === undefined}
        loading={busy}
        onClick={() => seat !== undefined && onPick(seat)}
      >
        {t('calls.bar.signIn')}
      </Button>
    </Space>
  );
}
