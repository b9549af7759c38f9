import { Button, Form, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../lib/request';
import { PhraseTextArea } from '../../phrases';
import { uploadFile, type UploadedFile } from '../api';
import { YesNo } from './YesNo';

/** The ids of the files uploaded successfully in an Upload file list. */
export function uploadedIds(files: unknown): number[] {
  if (!Array.isArray(files)) return [];
  return (files as UploadFile<UploadedFile>[])
    .filter((f) => f.status === 'done' && typeof f.response?.id === 'number')
    .map((f) => (f.response as UploadedFile).id);
}

/** The host's reply: the result text (required), contacted?, resolved?, attachments. */
export function ReplyFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="content" label={t('orderDetail.form.resultText')} required>
        <PhraseTextArea
          category="reply"
          rows={4}
          maxLength={2000}
          showCount
          data-testid="field-content"
        />
      </Form.Item>
      <Form.Item name="contacted" label={t('orderDetail.form.contacted')} required>
        <YesNo testId="field-contacted" />
      </Form.Item>
      <Form.Item name="resolved" label={t('orderDetail.form.resolved')} required>
        <YesNo testId="field-resolved" />
      </Form.Item>
      <Form.Item
        name="files"
        label={t('orderDetail.form.files')}
        valuePropName="fileList"
        getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList}
        extra={t('orderDetail.form.uploadHint')}
      >
        <Upload
          multiple
          data-testid="field-files"
          customRequest={({ file, onSuccess, onError }) => {
            uploadFile(file as File).then(
              (uploaded) => onSuccess?.(uploaded),
              (error: unknown) => {
                const message = error instanceof Error ? error.message : String(error);
                const failure = new Error(t('orderDetail.form.uploadFailed', { msg: message }));
                if (error instanceof RequestError) failure.name = String(error.code);
                onError?.(failure);
              },
            );
          }}
        >
          <Button icon={<UploadOutlined />}>{t('orderDetail.form.upload')}</Button>
        </Upload>
      </Form.Item>
    </>
  );
}
