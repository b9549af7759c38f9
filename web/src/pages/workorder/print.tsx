import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Space, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../page-props';
import { PrintSheet } from '../../features/export/components/PrintSheet';
import { printQuery } from '../../features/export/print-api';

/**
 * /jsjb/order/print/:id — one order's case sheet for printing (a hidden menu route, so it lives
 * in the shell; the print CSS hides the shell and fits the sheet to A4).
 */
export default function OrderPrintPage(props: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const raw = props.params.id ?? '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  const { data, error, isLoading } = useQuery({ ...printQuery(id), enabled: id > 0 });
  if (id <= 0) return <Result status="404" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space className="hl-no-print">
        <Button
          type="primary"
          onClick={() => window.print()}
          disabled={!data}
          data-testid="print-button"
        >
          {t('exports.print.print')}
        </Button>
        <Button onClick={() => void navigate(-1)}>{t('exports.print.back')}</Button>
      </Space>
      {isLoading ? <Spin /> : null}
      {error ? <Alert type="error" message={(error as Error).message} /> : null}
      {data ? <PrintSheet data={data} /> : null}
    </Space>
  );
}
