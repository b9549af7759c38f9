import { useEffect, useState } from 'react';
import { App, Button, Empty, Image, List, Modal, Space, Tag, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fetchFileBlob } from '../../order-actions';
import type { OrderDetail } from '../api';
import { fileKind, formatTime, humanSize } from '../format';
import { visibleText } from '../../../lib/visible-text';

type Attachment = OrderDetail['attachments'][number];

interface Preview {
  file: Attachment;
  kind: 'image' | 'pdf';
  url: string;
}

/** Saves a blob under the file's own name. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Files of the order: images and PDFs open in a preview, everything can be downloaded. Files are
 * fetched with the bearer token (the server never serves them to a plain link).
 */
export function OrderAttachments({ files }: { files: OrderDetail['attachments'] }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<Preview | null>(null);
  const { message: api } = App.useApp();
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const load = async (file: Attachment) => {
    try {
      return await fetchFileBlob(file.url);
    } catch (error) {
      void api.error(t('orderDetail.files.failed', { msg: (error as Error).message }));
      return null;
    }
  };
  const open = async (file: Attachment, kind: 'image' | 'pdf') => {
    const blob = await load(file);
    if (blob) setPreview({ file, kind, url: URL.createObjectURL(blob) });
  };
  const download = async (file: Attachment) => {
    const blob = await load(file);
    if (blob) saveBlob(blob, file.fileName);
  };

  if (files.length === 0) return <Empty description={t('orderDetail.files.empty')} />;
  return (
    <>
      <List
        size="small"
        data-testid="detail-attachments"
        dataSource={files}
        renderItem={(file) => {
          const kind = fileKind(file.mimeType, file.fileName);
          return (
            <List.Item
              data-file={file.fileName}
              actions={[
                kind !== 'other' ? (
                  <Button
                    key="preview"
                    size="small"
                    icon={<EyeOutlined />}
                    onClick={() => void open(file, kind)}
                  >
                    {t('orderDetail.files.preview')}
                  </Button>
                ) : null,
                <Button
                  key="download"
                  size="small"
                  icon={<DownloadOutlined />}
                  onClick={() => void download(file)}
                >
                  {t('orderDetail.files.download')}
                </Button>,
              ].filter(Boolean)}
            >
              <Space wrap>
                <Typography.Text>{visibleText(file.fileName)}</Typography.Text>
                <Typography.Text type="secondary">{humanSize(file.sizeBytes)}</Typography.Text>
                <Typography.Text type="secondary">{formatTime(file.createtime)}</Typography.Text>
                {file.fileAuthType === 2 ? (
                  <Tag color="gold">{t('orderDetail.files.districtOnly')}</Tag>
                ) : null}
              </Space>
            </List.Item>
          );
        }}
      />
      {preview?.kind === 'image' ? (
        <Image
          style={{ display: 'none' }}
          src={preview.url}
          alt={visibleText(preview.file.fileName)}
          preview={{ open: true, onOpenChange: (open) => !open && setPreview(null) }}
        />
      ) : null}
      <Modal
        open={preview?.kind === 'pdf'}
        title={preview ? visibleText(preview.file.fileName) : undefined}
        width={1000}
        footer={null}
        onCancel={() => setPreview(null)}
        destroyOnHidden
      >
        {preview?.kind === 'pdf' ? (
          <iframe
            className="hl-pdf-preview"
            title={visibleText(preview.file.fileName)}
            src={preview.url}
            data-testid="pdf-preview"
          />
        ) : null}
      </Modal>
    </>
  );
}
