import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Popconfirm,
  Result,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { keysKey, keysQuery, revokeKey, type CreatedKey, type IntegrationKey } from '../api';
import { errorText, formatTime } from '../format';
import { KeyCreateDialog } from './KeyCreateDialog';
import { KeySecretDialog } from './KeySecretDialog';
import '../admin-settings.css';

/** 接口密钥: the keys (never the secrets), create (the secret shown once), revoke. */
export function KeysView({ title }: { title: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const keys = useQuery(keysQuery());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [revoking, setRevoking] = useState<number | null>(null);

  const refresh = () => client.invalidateQueries({ queryKey: keysKey });
  const onRevoke = async (key: IntegrationKey) => {
    setRevoking(key.id);
    try {
      await revokeKey(key.id);
      void message.success(t('adminSettings.keys.revokedOk', { name: key.name }));
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setRevoking(null);
      await refresh();
    }
  };

  const columns: TableColumnsType<IntegrationKey> = [
    {
      key: 'name',
      title: t('adminSettings.keys.columns.name'),
      dataIndex: 'name',
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    {
      key: 'createdAt',
      title: t('adminSettings.keys.columns.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => formatTime(v),
    },
    {
      key: 'status',
      title: t('adminSettings.keys.columns.status'),
      render: (_, key) =>
        key.revokedAt ? (
          <Space size={4} wrap>
            <Tag color="default">{t('adminSettings.keys.revoked')}</Tag>
            <Typography.Text type="secondary">{formatTime(key.revokedAt)}</Typography.Text>
          </Space>
        ) : (
          <Tag color="green">{t('adminSettings.keys.active')}</Tag>
        ),
    },
    {
      key: 'actions',
      title: t('adminSettings.keys.columns.actions'),
      render: (_, key) =>
        key.revokedAt ? null : (
          <Popconfirm
            title={t('adminSettings.keys.revokeConfirm', { name: key.name })}
            description={t('adminSettings.keys.revokeHint')}
            okText={t('adminSettings.keys.revoke')}
            okButtonProps={{ danger: true }}
            cancelText={t('adminSettings.common.cancel')}
            onConfirm={() => onRevoke(key)}
          >
            <Button
              size="small"
              danger
              loading={revoking === key.id}
              aria-label={`${t('adminSettings.keys.revoke')} ${key.name}`}
              data-testid="key-revoke"
            >
              {t('adminSettings.keys.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card
      size="small"
      className="hl-admin-settings"
      title={title || t('adminSettings.keys.title')}
      data-testid="keys-page"
      extra={
        <Space wrap>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('adminSettings.common.refresh')}
            onClick={() => void refresh()}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="key-create"
          >
            {t('adminSettings.keys.create')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('adminSettings.keys.intro')}</Typography.Paragraph>
      {keys.isError ? (
        <Result
          status="error"
          title={t('adminSettings.common.loadError')}
          subTitle={errorText(keys.error)}
          extra={
            <Button onClick={() => void keys.refetch()}>{t('adminSettings.common.retry')}</Button>
          }
        />
      ) : (
        <Table<IntegrationKey>
          rowKey="id"
          size="small"
          data-testid="keys-table"
          loading={keys.isLoading}
          columns={columns}
          dataSource={keys.data?.list ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('adminSettings.keys.empty') }}
          rowClassName={(key) => (key.revokedAt ? 'hl-row-muted' : '')}
        />
      )}
      <KeyCreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(result) => {
          setCreating(false);
          setCreated(result);
          void refresh();
        }}
      />
      <KeySecretDialog created={created} onClose={() => setCreated(null)} />
    </Card>
  );
}
