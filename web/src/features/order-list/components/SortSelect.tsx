import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListSort } from '../filter-url';

export interface SortSelectProps {
  value: { sort: ListSort; sortOrder: 'asc' | 'desc' };
  onChange: (sort: ListSort, sortOrder: 'asc' | 'desc') => void;
}

const CHOICES = [
  'callTime-desc',
  'callTime-asc',
  'deadline-asc',
  'deadline-desc',
  'dispatchTime-desc',
  'dispatchTime-asc',
] as const;
type Choice = (typeof CHOICES)[number];

const LABEL: Record<Choice, string> = {
  'callTime-desc': 'callTimeDesc',
  'callTime-asc': 'callTimeAsc',
  'deadline-asc': 'deadlineAsc',
  'deadline-desc': 'deadlineDesc',
  'dispatchTime-desc': 'dispatchTimeDesc',
  'dispatchTime-asc': 'dispatchTimeAsc',
};

/** The list's sort as one choice: the card view has no column headers to click. */
export function SortSelect({ value, onChange }: SortSelectProps) {
  const { t } = useTranslation();
  return (
    <Select<Choice>
      className="hl-list-sort"
      size="small"
      aria-label={t('workOrders.cards.sort')}
      value={`${value.sort}-${value.sortOrder}`}
      onChange={(choice) => {
        const [sort, order] = choice.split('-') as [ListSort, 'asc' | 'desc'];
        onChange(sort, order);
      }}
      options={CHOICES.map((c) => ({
        value: c,
        label: t(`workOrders.cards.sortBy.${LABEL[c]}` as 'workOrders.cards.sortBy.callTimeDesc'),
      }))}
      popupMatchSelectWidth={false}
      style={{ minWidth: 180 }}
    />
  );
}
