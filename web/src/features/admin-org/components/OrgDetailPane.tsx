import type { ReactNode } from 'react';
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDetailInView } from '../hooks/use-detail-in-view';

/**
 * The pane beside (on phones: below) the tree: the selected row's detail, or a card asking to
 * pick one. On a phone a newly picked row's detail is scrolled into view (useDetailInView).
 */
export function OrgDetailPane({
  selectedId,
  emptyTitle,
  children,
}: {
  selectedId: number | null;
  /** The empty card's title (单位详情 / 分类详情). */
  emptyTitle: string;
  /** The selected row's detail; shown when selectedId is set. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useDetailInView(selectedId);
  return (
    <div ref={ref} className="hl-org-detail">
      {selectedId !== null ? (
        children
      ) : (
        <Card size="small" title={emptyTitle}>
          <Empty description={t('adminOrg.common.pickHint')} />
        </Card>
      )}
    </div>
  );
}
