import { useEffect, useState } from 'react';
import { Button, Card, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useDocumentTitle } from '../../hooks/use-web-config';
import { ORDER_EVENT } from '../../features/order-bus/order-bus';

interface Received {
  time: string;
  detail: string;
}

/**
 * /test/order-event (no login): lists the order events raised in this page, and can raise a
 * local test event to check that listeners see it. Nothing here comes from the server.
 */
export default function OrderEventTest() {
  const { t } = useTranslation();
  const [events, setEvents] = useState<Received[]>([]);
  useDocumentTitle(t('testPages.orderEvent'));
  useEffect(() => {
    const onEvent = (event: Event) => {
      const detail = JSON.stringify((event as CustomEvent<unknown>).detail ?? null);
      setEvents((list) => [{ time: new Date().toLocaleTimeString(), detail }, ...list]);
    };
    window.addEventListener(ORDER_EVENT, onEvent);
    return () => window.removeEventListener(ORDER_EVENT, onEvent);
  }, []);
  return (
    <div className="hl-test-page">
      <Card title={t('testPages.orderEvent')} extra={<LanguageSwitch />}>
        <Typography.Paragraph type="secondary">
          {t('testPages.orderEventHint')}
        </Typography.Paragraph>
        <Button
          onClick={() =>
            window.dispatchEvent(
              new CustomEvent(ORDER_EVENT, { detail: { type: 'test', at: Date.now() } }),
            )
          }
        >
          {t('testPages.raiseEvent')}
        </Button>
        {events.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('testPages.noEvents')} />
        ) : (
          <List
            size="small"
            dataSource={events}
            renderItem={(e) => (
              <List.Item>
                <Typography.Text type="secondary">{e.time}</Typography.Text>{' '}
                <Typography.Text code>{e.detail}</Typography.Text>
              </List.Item>
            )}
          />
        )}
      </Card>
    </div>
  );
}
