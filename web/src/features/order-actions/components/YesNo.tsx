import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';

/** A yes / no choice sent as 1 / 0 (Form.Item passes value and onChange). */
export function YesNo(props: { value?: number; onChange?: (v: number) => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={props.value}
      onChange={(e) => props.onChange?.(e.target.value as number)}
      data-testid={props.testId}
      options={[
        { value: 1, label: t('orderDetail.values.yes') },
        { value: 0, label: t('orderDetail.values.no') },
      ]}
    />
  );
}
