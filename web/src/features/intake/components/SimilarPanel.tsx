import { Button, Card, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_NAMES } from '@hotline/domain';
import type { SimilarOrder } from '../api';
import { canMergeInto } from '../validation';

export interface SimilarPanelProps {
  items: SimilarOrder[];
  loading: boolean;
  /** False until the title has 2 characters (nothing asked yet). */
  asked: boolean;
  mergeIntoId: number | null;
  onMerge: (order: SimilarOrder) => void;
  onOpen: (order: SimilarOrder) => void;
}

/** Existing orders like the one being typed; an open one can take the appeal as a merge. */
export function SimilarPanel({
  items,
  loading,
  asked,
  mergeIntoId,
  onMerge,
  onOpen,
}: SimilarPanelProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  return (
    <Card
      size="small"
      title={t('workOrders.intake.similar')}
      className="hl-intake-similar"
      data-testid="similar-panel"
    >
      {!asked ? (
        <Typography.Text type="secondary">{t('workOrders.intake.similarHint')}</Typography.Text>
      ) : (
        <List<SimilarOrder>
          size="small"
          loading={loading}
          dataSource={items}
          locale={{ emptyText: t('workOrders.intake.similarNone') }}
          renderItem={(item) => {
            const open = canMergeInto(item.status);
            const status = STATUS_NAMES[item.status];
            return (
              <List.Item
                data-similar-id={item.id}
                actions={[
                  <Button
                    key="merge"
                    size="small"
                    type={mergeIntoId === item.id ? 'primary' : 'default'}
                    disabled={!open}
                    title={open ? undefined : t('workOrders.intake.mergeOnlyOpen')}
                    onClick={() => onMerge(item)}
                  >
                    {t('workOrders.intake.merge')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={
                    // an order the caller is shown but may not open (an agent at intake)
                    item.readable ? (
                      <a onClick={() => onOpen(item)} className="hl-order-link">
                        {item.orderNum}
                      </a>
                    ) : (
                      <span>{item.orderNum}</span>
                    )
                  }
                  description={
                    <>
                      <div>{item.title}</div>
                      <Tag>{status ? (en ? status.en : status.zh) : item.status}</Tag>
                      <Typography.Text type="secondary">
                        {t('workOrders.intake.similarity')} {Math.round(item.similarity * 100)}%
                      </Typography.Text>
                    </>
                  }
                />
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
