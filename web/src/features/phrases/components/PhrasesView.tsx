import { useState } from 'react';
import { formatCst } from '@hotline/domain';
import {
  App,
  Alert,
  Button,
  Card,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  createPhrase,
  deletePhrase,
  phrasesKey,
  phrasesQuery,
  updatePhrase,
  type Phrase,
} from '../api';
import { PhraseDialog } from './PhraseDialog';
import '../phrases.css';

type Scope = Phrase['scope'];

/**
 * 常用语: the user's own phrases and their unit's shared ones; add, edit, delete where allowed
 * (the server decides: `canManageUnit`).
 */
export function PhrasesView({ title }: { title: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const phrases = useQuery(phrasesQuery());
  const [editing, setEditing] = useState<{ scope: Scope; phrase: Phrase | null } | null>(null);

  const refresh = () => client.invalidateQueries({ queryKey: phrasesKey });
  const onDelete = async (phrase: Phrase) => {
    try {
      await deletePhrase(phrase.id);
      void message.success(t('phrases.deleted'));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    }
    await refresh();
  };

  const columns = (editable: boolean, scope: Scope): TableColumnsType<Phrase> => [
    {
      key: 'text',
      title: t('phrases.text'),
      dataIndex: 'text',
      render: (text: string) => <span className="hl-phrase-text">{text}</span>,
    },
    {
      key: 'category',
      title: t('phrases.category'),
      dataIndex: 'category',
      width: 160,
      render: (c: Phrase['category']) => <Tag>{t(`phrases.categories.${c}`)}</Tag>,
    },
    { key: 'sort', title: t('phrases.sort'), dataIndex: 'sort', width: 80 },
    {
      key: 'updatedAt',
      title: t('phrases.updatedAt'),
      dataIndex: 'updatedAt',
      width: 170,
      render: (v: string) => formatCst(v, 'YYYY-MM-DD HH:mm'),
    },
    ...(editable
      ? [
          {
            key: 'actions',
            title: t('phrases.actions'),
            width: 140,
            render: (_: unknown, phrase: Phrase) => (
              <Space size={4}>
                <Button size="small" type="link" onClick={() => setEditing({ scope, phrase })}>
                  {t('phrases.editAction')}
                </Button>
                <Popconfirm title={t('phrases.deleteConfirm')} onConfirm={() => onDelete(phrase)}>
                  <Button size="small" type="link" danger>
                    {t('phrases.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const data = phrases.data;
  const section = (scope: Scope, list: Phrase[], editable: boolean, heading: string) => (
    <Card
      size="small"
      title={<h2 className="hl-phrase-heading">{heading}</h2>}
      extra={
        editable ? (
          <Button
            type="primary"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ scope, phrase: null })}
            data-testid={`phrase-add-${scope}`}
          >
            {t('phrases.add')}
          </Button>
        ) : null
      }
    >
      <Table<Phrase>
        rowKey="id"
        size="small"
        pagination={false}
        loading={phrases.isPending}
        columns={columns(editable, scope)}
        dataSource={list}
        locale={{ emptyText: t('phrases.empty') }}
        data-testid={`phrases-${scope}`}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );

  return (
    <Card title={title || t('phrases.title')}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('phrases.lead')}</Typography.Paragraph>
        {phrases.isError ? <Alert type="error" showIcon message={t('phrases.loadError')} /> : null}
        {section('user', data?.mine ?? [], true, t('phrases.mine'))}
        {section(
          'unit',
          data?.unit ?? [],
          data?.canManageUnit ?? false,
          t('phrases.unit', {
            unit: data?.unitName ?? '',
          }),
        )}
        {data && !data.canManageUnit ? (
          <Typography.Text type="secondary">{t('phrases.unitReadOnly')}</Typography.Text>
        ) : null}
        <PhraseDialog
          open={editing !== null}
          phrase={editing?.phrase ?? null}
          onClose={() => setEditing(null)}
          onSave={async (values) => {
            const sort = values.sort ?? undefined;
            if (editing?.phrase) {
              await updatePhrase({
                id: editing.phrase.id,
                category: values.category,
                text: values.text,
                ...(sort !== undefined ? { sort } : {}),
              });
            } else {
              await createPhrase({
                scope: editing?.scope ?? 'user',
                category: values.category,
                text: values.text,
                ...(sort !== undefined ? { sort } : {}),
              });
            }
            setEditing(null);
            void message.success(t('phrases.saved'));
            await refresh();
          }}
        />
      </Space>
    </Card>
  );
}
