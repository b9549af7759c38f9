import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { sevenFiveName } from '@hotline/domain';
import { useDomainLang } from '../../../i18n';
import type { DetailOrder } from '../api';
import {
  FIELD_GROUPS,
  formatTime,
  isBlank,
  stateName,
  statusColor,
  type FieldDef,
} from '../format';

/** Every field of the order, grouped; empty values show a dash. */
export function OrderFields({ order }: { order: DetailOrder }) {
  const { t } = useTranslation();
  const lang = useDomainLang();
  const record = order as unknown as Record<string, unknown>;

  const show = (field: FieldDef) => {
    const value = record[field.key];
    if (isBlank(value)) return <span className="hl-empty">{t('orderDetail.values.empty')}</span>;
    switch (field.kind) {
      case 'time':
        return formatTime(value);
      case 'bool':
        return value ? t('orderDetail.values.yes') : t('orderDetail.values.no');
      case 'status':
        return (
          <Tag color={statusColor(value as number)} data-testid="detail-status">
            {stateName('status', value, lang)}
          </Tag>
        );
      case 'mainOrgStatus':
      case 'huifangState':
        return <Tag>{stateName(field.kind, value, lang)}</Tag>;
      case 'review':
        return t(`orderDetail.values.review.${value as 1 | 2 | 3}`, String(value));
      case 'type':
        return t(`orderDetail.values.types.${value as 1}`, String(value));
      case 'urgency':
        return t(`orderDetail.values.urgency.${value as 'general'}`, String(value));
      case 'nature':
        return t(`orderDetail.values.nature.${value as 'consult'}`, String(value));
      case 'subject':
        return t(`orderDetail.values.${value === 'enterprise' ? 'enterprise' : 'individual'}`);
      case 'satisfaction':
        return t(`orderDetail.values.satisfaction.${value as 'basic'}`, String(value));
      case 'labels':
        return (value as string[]).map((l) => <Tag key={l}>{l}</Tag>);
      case 'risk':
        return t(`orderDetail.values.risk.${value as 0}`, String(value));
      case 'sevenFive':
        return sevenFiveName(String(value), lang);
      case 'hours':
        return t('orderDetail.values.hours', { n: value as number });
      case 'position':
        // WGS-84 as the reporter gave it (Open311, the intake form): latitude, longitude.
        return `${(value as number).toFixed(6)}, ${Number(record.long).toFixed(6)}`;
      case 'long':
        return (
          <Typography.Paragraph className="hl-detail-long">{String(value)}</Typography.Paragraph>
        );
      default:
        return String(value);
    }
  };

  return (
    <div className="hl-detail-fields">
      {FIELD_GROUPS.map((group) => (
        <Descriptions
          key={group.key}
          size="small"
          bordered
          column={{ xs: 1, sm: 2, lg: 3 }}
          title={t(`orderDetail.groups.${group.key}`)}
          data-testid={`detail-group-${group.key}`}
          items={group.fields.map((field) => ({
            key: field.key,
            label: t(`orderDetail.fields.${field.key}` as 'orderDetail.fields.title'),
            span: field.wide ? 'filled' : 1,
            children: <span data-field={field.key}>{show(field)}</span>,
          }))}
        />
      ))}
    </div>
  );
}
