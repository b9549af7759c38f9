import { useState } from 'react';
import { formatCst } from '@hotline/domain';
import { Alert, Button, Card, Form, Input, Steps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { RequestError } from '../../../lib/request';
import { trackOrder, type TrackedOrder } from '../api';
import '../track.css';

interface TrackForm {
  orderNum: string;
  phoneTail: string;
}

const when = (at: string | null) => (at ? formatCst(at, 'YYYY-MM-DD HH:mm') : null);

/**
 * `#/track`: a citizen looks up an order with its number and the last four digits of the phone
 * it was reported from. No login; made for a phone first. Shows the public state, the
 * milestones and the approved reply — what the server publishes, nothing internal.
 */
/** The badge of each stage: in progress, answered (the return visit to come), finished. */
const STAGE_COLOR = { open: 'processing', answered: 'warning', closed: 'success' } as const;

export function TrackPage() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [order, setOrder] = useState<TrackedOrder | null>(null);

  const submit = async (values: TrackForm) => {
    setBusy(true);
    setError(null);
    try {
      setOrder(await trackOrder(values.orderNum.trim(), values.phoneTail.trim()));
    } catch (e) {
      setOrder(null);
      setError(e instanceof RequestError && e.status !== 0 ? e.message : t('track.offline'));
    } finally {
      setBusy(false);
    }
  };

  const reached = order ? order.milestones.filter((m) => m.at !== null).length : 0;
  return (
    <div className="hl-track">
      <header className="hl-track-top">
        <span className="hl-track-brand">12345</span>
        <span className="hl-track-tools">
          <Link to="/login" className="hl-track-login" data-testid="track-login-link">
            {t('track.staffLogin')}
          </Link>
          <LanguageSwitch />
        </span>
      </header>
      <main className="hl-track-main">
        <h1 className="hl-track-title">{t('track.title')}</h1>
        <p className="hl-track-lead">{t('track.lead')}</p>
        <Card className="hl-track-card">
          <Form<TrackForm> layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item
              name="orderNum"
              label={t('track.orderNum')}
              rules={[
                {
                  required: true,
                  pattern: /^\s*[A-Za-z0-9-]{4,40}\s*$/,
                  message: t('track.orderNumInvalid'),
                },
              ]}
            >
              <Input autoComplete="off" inputMode="text" data-testid="track-order-num" />
            </Form.Item>
            <Form.Item
              name="phoneTail"
              label={t('track.phoneTail')}
              rules={[
                { required: true, pattern: /^\s*\d{4}\s*$/, message: t('track.phoneTailInvalid') },
              ]}
            >
              <Input
                autoComplete="off"
                inputMode="numeric"
                maxLength={4}
                data-testid="track-phone-tail"
              />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={busy}
              data-testid="track-submit"
            >
              {t('track.submit')}
            </Button>
          </Form>
        </Card>
        <div aria-live="polite">
          {error ? (
            <Alert type="warning" showIcon message={error} data-testid="track-error" />
          ) : null}
          {order ? (
            <Card
              className="hl-track-card"
              data-testid="track-result"
              title={
                <span className="hl-track-result-title">
                  <span>{order.orderNum}</span>
                  <Tag color={STAGE_COLOR[order.stage]} data-testid="track-stage">
                    {t(`track.${order.stage}`)}
                  </Tag>
                </span>
              }
            >
              <p className="hl-track-status" data-testid="track-status">
                {order.statusText}
              </p>
              {order.categoryName ? (
                <p className="hl-track-meta">{t('track.category', { name: order.categoryName })}</p>
              ) : null}
              {order.expectedAt ? (
                <p className="hl-track-meta">
                  {t('track.expected', { at: when(order.expectedAt) })}
                </p>
              ) : null}
              <Steps
                direction="vertical"
                size="small"
                current={Math.max(0, reached - 1)}
                items={order.milestones.map((m) => ({
                  title: t(`track.milestones.${m.key}`),
                  description: when(m.at) ?? t('track.notYet'),
                  status: m.at ? 'finish' : 'wait',
                }))}
              />
              {order.reply ? (
                <section className="hl-track-reply" data-testid="track-reply">
                  <h2>{t('track.reply')}</h2>
                  <p>{order.reply}</p>
                </section>
              ) : null}
            </Card>
          ) : null}
        </div>
      </main>
      <footer className="hl-track-footer">{t('track.footer')}</footer>
    </div>
  );
}
