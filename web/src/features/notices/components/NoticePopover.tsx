import { useState } from 'react';
import { App, Badge, Button, Empty, Popover, Tooltip, Typography } from 'antd';
import { BellOutlined, ClearOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNoticesStore, type NoticeItem } from '../notices-store';
import '../notices.css';

/** The notice bell: a dot while the list is non-empty, a popover with the messages. */
export function NoticePopover({ onView }: { onView: (item: NoticeItem) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const items = useNoticesStore((s) => s.items);
  const clear = useNoticesStore((s) => s.clear);
  const [open, setOpen] = useState(false);

  const content = (
    <div className="hl-notice-panel" data-testid="notice-panel">
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.empty')} />
      ) : (
        <ul className="hl-notice-list">
          {items.map((item, i) => (
            <li key={`${item.assignId}-${i}`} className="hl-notice-item">
              <div className="hl-notice-text">
                <Typography.Text>{item.msg}</Typography.Text>
                <Typography.Text type="secondary" className="hl-notice-order">
                  {t('notice.orderNum', { orderNum: item.orderNum })}
                </Typography.Text>
              </div>
              <Button
                size="small"
                type="link"
                onClick={() => {
                  setOpen(false);
                  onView(item);
                }}
              >
                {t('notice.view')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="hl-notice-footer">
        <Button
          icon={<ClearOutlined />}
          size="small"
          onClick={() => {
            clear();
            void message.success(t('notice.cleared'));
          }}
        >
          {t('notice.clear')}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      rootClassName="hl-notice-popover"
      title={t('notice.title')}
      content={content}
      open={open}
      onOpenChange={setOpen}
    >
      {/* No hint over the open list: it would cover its first items. */}
      <Tooltip title={t('notice.title')} {...(open ? { open: false } : {})}>
        <button type="button" className="hl-tool" aria-label={t('notice.title')}>
          <Badge dot={items.length > 0} data-testid="notice-dot">
            <BellOutlined />
          </Badge>
        </button>
      </Tooltip>
    </Popover>
  );
}
