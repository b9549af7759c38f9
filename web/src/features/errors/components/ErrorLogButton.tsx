import { useState } from 'react';
import { formatCst } from '@hotline/domain';
import { Badge, Button, Collapse, Tooltip, Typography } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DraggableDialog } from '../../../components/DraggableDialog';
import { useErrorLogStore } from '../error-log-store';
import { useErrorLogPolicy } from '../use-error-log-policy';
import '../errors.css';

/**
 * The top bar's bug icon, shown once errors were captured; opens the capture dialog. Mounted
 * with the shell, it also keeps the site's error-log switch (is_error_log) in the store.
 */
export function ErrorLogButton() {
  const { t } = useTranslation();
  useErrorLogPolicy();
  const errors = useErrorLogStore((s) => s.errors);
  const clear = useErrorLogStore((s) => s.clear);
  const [open, setOpen] = useState(false);
  if (errors.length === 0) return null;
  return (
    <>
      <Tooltip title={t('errorLog.title')}>
        <button
          type="button"
          className="hl-tool hl-tool-danger"
          aria-label={t('errorLog.title')}
          onClick={() => setOpen(true)}
        >
          <Badge count={errors.length} size="small">
            <BugOutlined />
          </Badge>
        </button>
      </Tooltip>
      <DraggableDialog
        open={open}
        width={1000}
        title={t('errorLog.title')}
        onClose={() => setOpen(false)}
        footer={
          <Button
            danger
            onClick={() => {
              clear();
              setOpen(false);
            }}
          >
            {t('errorLog.clear')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('errorLog.hint')}</Typography.Paragraph>
        <Collapse
          size="small"
          items={errors.map((e, i) => ({
            key: String(i),
            label: (
              <span>
                <Typography.Text type="danger">{e.message}</Typography.Text>{' '}
                <Typography.Text type="secondary">{formatCst(e.time)}</Typography.Text>
              </span>
            ),
            children: (
              <div>
                <Typography.Text type="secondary">{e.url}</Typography.Text>
                <pre className="hl-error-stack">{e.stack || e.message}</pre>
              </div>
            ),
          }))}
        />
      </DraggableDialog>
    </>
  );
}
