import { useState } from 'react';
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { CopyOutlined, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USER_IMPORT_MAX_ROWS } from '@hotline/contract';
import {
  refreshUsers,
  downloadTemplate,
  importUsers,
  type ImportResult,
  type ImportRowError,
} from '../api';
import { copyText, saveText } from '../clipboard';
import { toCsv } from '../user-rules';

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading' }
  | { kind: 'refused'; errors: ImportRowError[] }
  | { kind: 'done'; created: ImportResult['created'] }
  | { kind: 'failed'; msg: string };

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The user import: download the template, choose a filled-in .xlsx, import. The server takes
 * all rows or none: a refused file lists each bad row (nothing was written); an accepted one
 * shows the created users with their one-time passwords, once (copy all, or a CSV made here).
 */
export function ImportUsersModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [fetching, setFetching] = useState(false);

  const close = () => {
    setFile(null);
    setPhase({ kind: 'idle' });
    onClose();
  };

  const template = async () => {
    setFetching(true);
    try {
      await downloadTemplate(i18n.language);
    } catch (error) {
      void message.error(t('adminUsers.import.templateFailed', { msg: (error as Error).message }));
    } finally {
      setFetching(false);
    }
  };

  const submit = async () => {
    if (!file) return;
    setPhase({ kind: 'uploading' });
    try {
      const result = await importUsers(file, i18n.language);
      if (result.errors.length > 0) {
        setPhase({ kind: 'refused', errors: result.errors });
      } else {
        setPhase({ kind: 'done', created: result.created });
        setFile(null);
        refreshUsers(queryClient);
      }
    } catch (error) {
      setPhase({ kind: 'failed', msg: (error as Error).message });
    }
  };

  const rows = (created: ImportResult['created']) =>
    created.map((c) => [c.username, c.realname, c.oneTimePassword]);
  const header = [
    t('adminUsers.import.username'),
    t('adminUsers.import.realname'),
    t('adminUsers.import.password'),
  ];
  const copyAll = async (created: ImportResult['created']) => {
    const text = [header, ...rows(created)].map((r) => r.join('\t')).join('\n');
    if (await copyText(text)) void message.success(t('adminUsers.import.copied'));
    else void message.warning(t('adminUsers.password.copyFailed'));
  };

  const done = phase.kind === 'done';
  return (
    <Modal
      open={open}
      title={t('adminUsers.import.title')}
      width={760}
      onCancel={close}
      mask={{ closable: !done }}
      destroyOnHidden
      footer={
        done ? (
          <Button type="primary" onClick={close}>
            {t('adminUsers.import.close')}
          </Button>
        ) : (
          <Space wrap style={{ justifyContent: 'flex-end' }}>
            <Button onClick={close}>{t('adminUsers.import.close')}</Button>
            <Button
              type="primary"
              disabled={!file}
              loading={phase.kind === 'uploading'}
              onClick={() => void submit()}
            >
              {t('adminUsers.import.submit')}
            </Button>
          </Space>
        )
      }
    >
      {done ? (
        <ImportDone
          created={phase.created}
          onCopy={() => void copyAll(phase.created)}
          onCsv={() => saveText(toCsv(header, rows(phase.created)), t('adminUsers.import.csvName'))}
        />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <div>
            <Typography.Paragraph strong>{t('adminUsers.import.step1')}</Typography.Paragraph>
            <Button icon={<DownloadOutlined />} loading={fetching} onClick={() => void template()}>
              {t('adminUsers.import.template')}
            </Button>
          </div>
          <div>
            <Typography.Paragraph strong>{t('adminUsers.import.step2')}</Typography.Paragraph>
            <Upload.Dragger
              accept={`.xlsx,${XLSX_TYPE}`}
              maxCount={1}
              fileList={file ? [{ uid: 'import', name: file.name, status: 'done' }] : []}
              beforeUpload={(chosen) => {
                if (!chosen.name.toLowerCase().endsWith('.xlsx')) {
                  void message.error(t('adminUsers.import.onlyXlsx'));
                  return Upload.LIST_IGNORE;
                }
                setFile(chosen);
                setPhase({ kind: 'idle' });
                return false;
              }}
              onRemove={() => {
                setFile(null);
                setPhase({ kind: 'idle' });
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('adminUsers.import.drop')}</p>
              <p className="ant-upload-hint">
                {t('adminUsers.import.dropHint', { max: USER_IMPORT_MAX_ROWS })}
              </p>
            </Upload.Dragger>
          </div>
          {phase.kind === 'failed' && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={t('adminUsers.import.failed', { msg: phase.msg })}
            />
          )}
          {phase.kind === 'refused' && <ImportErrors errors={phase.errors} />}
        </Space>
      )}
    </Modal>
  );
}

function ImportErrors({ errors }: { errors: ImportRowError[] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="import-errors">
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('adminUsers.import.errorsTitle', { count: errors.length })}
        description={t('adminUsers.import.errorsHint')}
        style={{ marginBottom: 12 }}
      />
      <Table<ImportRowError>
        size="small"
        rowKey={(e) => `${e.row}:${e.field}:${e.message}`}
        dataSource={errors}
        scroll={{ x: 'max-content' }}
        pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        columns={[
          { title: t('adminUsers.import.row'), dataIndex: 'row', key: 'row', width: 64 },
          { title: t('adminUsers.import.field'), dataIndex: 'field', key: 'field' },
          { title: t('adminUsers.import.message'), dataIndex: 'message', key: 'message' },
        ]}
      />
    </div>
  );
}

function ImportDone({
  created,
  onCopy,
  onCsv,
}: {
  created: ImportResult['created'];
  onCopy: () => void;
  onCsv: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid="import-done">
      <Alert
        type="success"
        showIcon
        title={t('adminUsers.import.doneTitle', { count: created.length })}
        description={t('adminUsers.import.doneHint')}
        style={{ marginBottom: 12 }}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<CopyOutlined />} onClick={onCopy}>
          {t('adminUsers.import.copyAll')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={onCsv}>
          {t('adminUsers.import.csv')}
        </Button>
      </Space>
      <Table
        size="small"
        rowKey="username"
        dataSource={created}
        scroll={{ x: 'max-content' }}
        pagination={created.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        columns={[
          { title: t('adminUsers.import.username'), dataIndex: 'username', key: 'username' },
          { title: t('adminUsers.import.realname'), dataIndex: 'realname', key: 'realname' },
          {
            title: t('adminUsers.import.password'),
            dataIndex: 'oneTimePassword',
            key: 'password',
            render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
          },
        ]}
      />
    </div>
  );
}
