import { useState } from 'react';
import { Button, Card, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTHS, DraggableDialog, type DialogWidth } from '../../components/DraggableDialog';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useDocumentTitle } from '../../hooks/use-web-config';

/** /test/order-modal (no login): tries the draggable order dialog in every width. */
export default function OrderModalTest() {
  const { t } = useTranslation();
  const [width, setWidth] = useState<DialogWidth>(900);
  const [open, setOpen] = useState(false);
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
      </Card>
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
