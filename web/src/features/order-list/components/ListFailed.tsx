import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A list page whose request failed (its message was toasted): said so, with a retry. */
export function ListFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <span className="hl-list-failed" role="alert">
      {t('workOrders.loadFailed')}{' '}
      <Button size="small" type="link" onClick={onRetry}>
        {t('workOrders.retry')}
      </Button>
    </span>
  );
}
