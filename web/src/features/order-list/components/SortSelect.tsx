import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListSort } from '../filter-url';
import { colText } from '../labels';

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

/** How each choice reads: the column's name and its direction (the deadline: soonest first). */
const WORD: Record<Choice, 'desc' | 'asc' | 'soon' | 'late'> = {
  'callTime-desc': 'desc',
  'callTime-asc': 'asc',
  'deadline-asc': 'soon',
  'deadline-desc': 'late',
  'dispatchTime-desc': 'desc',
  'dispatchTime-asc': 'asc',
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
        label: t(`workOrders.cards.sortBy.${WORD[c]}`, {
          field: t(colText(c.split('-')[0] ?? 'callTime')),
        }),
      }))}
      popupMatchSelectWidth={false}
      style={{ minWidth: 180 }}
    />
  );
}
