import { useEffect, useState } from 'react';
import { Button, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fetchRecording } from '../api';

/** A "play" button that loads the recording (with the token) into an <audio> element. */
export function RecordingPlayer({ file }: { file: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  if (!file) return <Typography.Text type="secondary">—</Typography.Text>;
  if (url) {
    return (
      <audio data-testid="call-recording" src={url} controls autoPlay style={{ height: 32 }} />
    );
  }
  return (
    <>
      <Button
        size="small"
        icon={<PlayCircleOutlined />}
        loading={loading}
        onClick={() => {
          setLoading(true);
          setFailed(false);
          fetchRecording(file)
            .then(setUrl, () => setFailed(true))
            .finally(() => setLoading(false));
        }}
      >
        {t('calls.records.play')}
      </Button>
      {failed ? (
        <Typography.Text type="danger"> {t('calls.records.loadFailed')}</Typography.Text>
      ) : null}
    </>
  );
}
