import { useEffect, useState } from 'react';
import { Button, Card, Empty, InputNumber, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useDocumentTitle } from '../../hooks/use-web-config';
import { emitOrderEvent, ORDER_EVENT } from '../../lib/order-bus';
import './test-page.css';

interface Received {
  time: string;
  detail: string;
}

/**
 * /test/order-event (no login): raises the order events of the console (open, changed, closed
 * and a plain test event) on the real order bus and lists every order event this page receives.
 * Nothing here comes from the server.
 */
export default function OrderEventTest() {
  const { t } = useTranslation();
  const [events, setEvents] = useState<Received[]>([]);
  const [id, setId] = useState(1);
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
        <Typography.Paragraph type="secondary">
          {t('orderDetail.test.busHint')}
        </Typography.Paragraph>
        <Space wrap>
          <span>{t('orderDetail.test.orderId')}</span>
          <InputNumber min={1} value={id} onChange={(v) => setId(v ?? 1)} data-testid="event-id" />
          <Button
            data-testid="emit-open"
            onClick={() => emitOrderEvent({ type: 'open', order: { id, menuId: 'qu_dqs' } })}
          >
            {t('orderDetail.test.emitOpen')}
          </Button>
          <Button
            data-testid="emit-changed"
            onClick={() =>
              emitOrderEvent({ type: 'changed', id, action: 'sign', menuId: 'qu_dqs' })
            }
          >
            {t('orderDetail.test.emitChanged')}
          </Button>
          <Button data-testid="emit-closed" onClick={() => emitOrderEvent({ type: 'closed', id })}>
            {t('orderDetail.test.emitClosed')}
          </Button>
          <Button
            data-testid="emit-test"
            onClick={() => emitOrderEvent({ type: 'test', at: Date.now() })}
          >
            {t('testPages.raiseEvent')}
          </Button>
        </Space>
        {events.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('testPages.noEvents')} />
        ) : (
          <List
            size="small"
            data-testid="event-log"
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
