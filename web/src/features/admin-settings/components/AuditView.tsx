import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Result,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../hooks/use-mobile';
import { auditKey, auditQuery, exportAudit, type AuditEntry, type AuditFilter } from '../api';
import { actionColor, isKnownAction } from '../audit-rules';
import { errorText, formatTime } from '../format';
import { AuditDetail } from './AuditDetail';
import { AuditFilters } from './AuditFilters';
import '../admin-settings.css';

/** 操作日志: logins, administrative changes, exports, force unlocks; filtered, paged, exported. */
export function AuditView({ title }: { title: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const mobile = useIsMobile();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [exporting, setExporting] = useState(false);
  const audit = useQuery(auditQuery(filter, page));

  const actionName = (action: string) =>
    isKnownAction(action) ? t(`adminSettings.audit.actions.${action}`) : action;
  const targetType = (type: string) =>
    t(`adminSettings.audit.targets.${type}`, { defaultValue: type });

  const onExport = async () => {
    setExporting(true);
    try {
      const file = await exportAudit(filter, i18n.language);
      void message.success(t('adminSettings.audit.exported', { name: file.fileName }));
    } catch (error) {
      void message.error(t('adminSettings.audit.exportFailed', { msg: errorText(error) }));
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<AuditEntry> = [
    {
      key: 'at',
      title: t('adminSettings.audit.columns.at'),
      dataIndex: 'at',
      render: (at: string) => <span className="hl-nowrap">{formatTime(at)}</span>,
    },
    {
      key: 'user',
      title: t('adminSettings.audit.columns.user'),
      render: (_, e) =>
        e.actorName || e.actorRealname ? (
          <span className="hl-nowrap">
            {e.actorRealname || e.actorName}
            {e.actorRealname && e.actorName ? (
              <Typography.Text type="secondary"> ({e.actorName})</Typography.Text>
            ) : null}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('adminSettings.audit.system')}</Typography.Text>
        ),
    },
    { key: 'ip', title: t('adminSettings.audit.columns.ip'), dataIndex: 'ip' },
    {
      key: 'action',
      title: t('adminSettings.audit.columns.action'),
      dataIndex: 'action',
      render: (action: string) => (
        <Tag color={actionColor(action)} data-action={action}>
          {actionName(action)}
        </Tag>
      ),
    },
    {
      key: 'target',
      title: t('adminSettings.audit.columns.target'),
      render: (_, e) =>
        e.targetType || e.targetName || e.targetId ? (
          <span className="hl-nowrap">
            {e.targetType ? (
              <Typography.Text type="secondary">{targetType(e.targetType)} </Typography.Text>
            ) : null}
            {e.targetName || e.targetId}
            {e.targetName && e.targetId && e.targetName !== e.targetId ? (
              <Typography.Text type="secondary"> #{e.targetId}</Typography.Text>
            ) : null}
          </span>
        ) : null,
    },
    {
      key: 'detail',
      title: t('adminSettings.audit.columns.detail'),
      render: (_, e) => <AuditDetail detail={e.detail} />,
    },
  ];

  return (
    <Card
      size="small"
      className="hl-admin-settings"
      title={title || t('adminSettings.audit.title')}
      data-testid="audit-page"
      extra={
        <Space wrap>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('adminSettings.common.refresh')}
            onClick={() => void client.invalidateQueries({ queryKey: auditKey })}
          />
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void onExport()}
            data-testid="audit-export"
          >
            {exporting ? t('adminSettings.audit.exporting') : t('adminSettings.audit.export')}
          </Button>
        </Space>
      }
    >
      <AuditFilters
        mobile={mobile}
        onChange={(next) => {
          setFilter(next);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
      />
      {audit.isError ? (
        <Result
          status="error"
          title={t('adminSettings.common.loadError')}
          subTitle={errorText(audit.error)}
          extra={
            <Button onClick={() => void audit.refetch()}>{t('adminSettings.common.retry')}</Button>
          }
        />
      ) : (
        <Table<AuditEntry>
          rowKey="id"
          size="small"
          className="hl-audit-table"
          data-testid="audit-table"
          loading={audit.isFetching}
          columns={columns}
          dataSource={audit.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('adminSettings.audit.empty') }}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: audit.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            size: mobile ? 'small' : undefined,
            showTotal: (total) => t('adminSettings.audit.total', { total }),
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
        />
      )}
    </Card>
  );
}
