import type { ReactNode } from 'react';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A page whose content arrives with a later release: it names the page and says so, and
 * shows nothing it does not have (no sample rows).
 */
export function ComingLater({
  title,
  release,
  extra,
}: {
  title: string;
  /** What brings the content, e.g. "the work-order release". */
  release: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card className="hl-page-card" title={title}>
      {extra}
      <Empty
        className="hl-coming-later"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <Typography.Text strong>{t('later.title', { title })}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('later.hint', { release })}</Typography.Text>
          </>
        }
      />
    </Card>
  );
}
