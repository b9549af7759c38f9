import { Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { detailLines } from '../audit-rules';
import { formatTime } from '../format';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** An entry's detail, readable: each change as `field: old → new`, other keys as `key: value`. */
export function AuditDetail({ detail }: { detail: Record<string, unknown> }) {
  const { t } = useTranslation();
  const lines = detailLines(detail);
  if (lines.length === 0) {
    return <Typography.Text type="secondary">{t('adminSettings.audit.noDetail')}</Typography.Text>;
  }
  const empty = t('adminSettings.audit.emptyValue');
  const fieldName = (field: string) =>
    t(`adminSettings.audit.fields.${field}`, { defaultValue: field });
  // codes the server writes (login method, refusal reason) in words; free text as it is
  const valueName = (field: string, value: string) =>
    /^\w+$/.test(field) && /^\w+$/.test(value)
      ? t(`adminSettings.audit.values.${field}.${value}`, { defaultValue: value })
      : value;
  return (
    <ul className="hl-audit-detail" data-testid="audit-detail">
      {lines.map((line) =>
        line.kind === 'change' ? (
          <li key={`c:${line.field}`} data-change={line.field}>
            {line.field ? (
              <>
                <Typography.Text code>{line.field}</Typography.Text>{' '}
              </>
            ) : null}
            <Typography.Text delete={line.from !== null} type="secondary">
              {line.from ?? empty}
            </Typography.Text>{' '}
            <ArrowRightOutlined aria-label="→" />{' '}
            <Typography.Text strong>{line.to ?? empty}</Typography.Text>
          </li>
        ) : (
          <li key={`v:${line.field}`}>
            <Typography.Text type="secondary">{fieldName(line.field)}:</Typography.Text>{' '}
            {ISO_TIME.test(line.value) ? formatTime(line.value) : valueName(line.field, line.value)}
          </li>
        ),
      )}
    </ul>
  );
}
