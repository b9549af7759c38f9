import { useState } from 'react';
import { Button, Card, Divider, InputNumber, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTHS, DraggableDialog, type DialogWidth } from '../../components/DraggableDialog';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useDocumentTitle } from '../../hooks/use-web-config';
import { openOrder } from '../../lib/order-bus';
import { OrderDialogHost } from '../../features/order-detail/components/OrderDialogHost';
import './test-page.css';

/**
 * /test/order-modal (no login): tries the draggable order dialog in every width, and the console's
 * order detail dialog opened through the order bus.
 */
export default function OrderModalTest() {
  const { t } = useTranslation();
  const [width, setWidth] = useState<DialogWidth>(900);
  const [open, setOpen] = useState(false);
  const [id, setId] = useState(1);
  useDocumentTitle(t('testPages.orderModal'));
  return (
    <div className="hl-test-page">
      <Card title={t('testPages.orderModal')} extra={<LanguageSwitch />}>
        <Typography.Paragraph type="secondary">
          {t('testPages.orderModalHint')}
        </Typography.Paragraph>
        <Space wrap>
          <Radio.Group
            optionType="button"
            value={width}
            onChange={(e) => setWidth(e.target.value as DialogWidth)}
            options={DIALOG_WIDTHS.map((w) => ({ value: w, label: `${w}px` }))}
          />
          <Button type="primary" onClick={() => setOpen(true)}>
            {t('testPages.openDialog')}
          </Button>
        </Space>
        <Divider />
        <Typography.Paragraph type="secondary">
          {t('orderDetail.test.hostHint')}
        </Typography.Paragraph>
        <Space wrap>
          <span>{t('orderDetail.test.orderId')}</span>
          <InputNumber min={1} value={id} onChange={(v) => setId(v ?? 1)} data-testid="modal-id" />
          <Button data-testid="open-via-bus" onClick={() => openOrder({ id })}>
            {t('orderDetail.test.openViaBus')}
          </Button>
        </Space>
      </Card>
      <OrderDialogHost />
      <DraggableDialog
        open={open}
        width={width}
        title={t('testPages.dialogTitle', { width })}
        onClose={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{t('dialog.close')}</Button>}
      >
        <Typography.Paragraph>{t('testPages.dialogBody')}</Typography.Paragraph>
      </DraggableDialog>
    </div>
  );
}
