import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Progress, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_EXPORT_COLUMNS, type ExportFormat } from '@hotline/domain';
import {
  downloadCsv,
  exportExcel,
  exportJob,
  exportWord,
  initCsv,
  loadPickedColumns,
  savePickedColumns,
  setExportLanguage,
  type ExportJob,
} from '../api';
import { exportRequestBody, jobPercent } from '../export-rules';
import { useExportJobsStore } from '../job-store';
import { ColumnPicker } from './ColumnPicker';

export interface ExportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The list's current body (lists/search): queue, filters, keyword. */
  filter: Record<string, unknown>;
  menuId?: string;
  selectedIds?: number[];
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'job'; job: ExportJob; source: 'push' | 'poll' }
  | { kind: 'done'; rows?: number; masked: boolean; job?: ExportJob }
  | { kind: 'failed'; msg: string };

const POLL_MS = 1000;

/** Export of the current list: columns (remembered per user), format, progress, download. */
export function ExportDialog({ open, onClose, filter, menuId, selectedIds }: ExportDialogProps) {
  const { t, i18n } = useTranslation();
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [columns, setColumns] = useState<string[]>([...DEFAULT_EXPORT_COLUMNS]);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const selected = selectedIds ?? [];

  useEffect(() => setExportLanguage(i18n.language), [i18n.language]);
  useEffect(() => {
    if (!open) return;
    setPhase({ kind: 'idle' });
    let live = true;
    loadPickedColumns()
      .then((keys) => live && keys && keys.length > 0 && setColumns(keys))
      .catch(() => undefined);
    return () => {
      live = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [open]);

  const body = () => exportRequestBody(columns, filter, menuId, selected);

  // A CSV job's progress: pushed to the user's room while the push channel is bound; polled
  // (queryExportInfo) only while it is not, and once when it comes back (what was missed).
  const live = useExportJobsStore((st) => st.live);
  const jobId = phase.kind === 'job' ? phase.job.id : null;
  const pushed = useExportJobsStore((st) => (jobId === null ? undefined : st.jobs[jobId]));
  const downloaded = useRef(new Set<number>());

  const absorb = (job: ExportJob) => {
    if (job.status === 'done') {
      setPhase({ kind: 'done', rows: job.rows, masked: job.masked, job });
      if (!downloaded.current.has(job.id)) {
        downloaded.current.add(job.id);
        void downloadCsv(job).catch((e: Error) => setPhase({ kind: 'failed', msg: e.message }));
      }
    } else if (job.status === 'failed' || job.status === 'expired') {
      setPhase({ kind: 'failed', msg: job.error ?? job.status });
    } else {
      setPhase({ kind: 'job', job, source: live ? 'push' : 'poll' });
    }
  };

  useEffect(() => {
    if (phase.kind !== 'job' || !pushed || pushed.id !== phase.job.id) return;
    absorb({ ...phase.job, ...pushed, error: pushed.error ?? null });
    // Only a newly pushed state matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pushed]);

  const wasLive = useRef(live);
  useEffect(() => {
    const reconnected = live && !wasLive.current;
    wasLive.current = live;
    if (jobId === null || (live && !reconnected)) return;
    let stop = false;
    const poll = () => {
      exportJob(jobId)
        .then((job) => {
          if (stop) return;
          useExportJobsStore.getState().apply(job);
          absorb(job);
          if ((job.status === 'queued' || job.status === 'running') && !live) {
            timer.current = setTimeout(poll, POLL_MS);
          }
        })
        .catch((e: Error) => !stop && setPhase({ kind: 'failed', msg: e.message }));
    };
    // Down: poll every second. Back up: read once what the pushes missed meanwhile.
    timer.current = setTimeout(poll, live ? 0 : POLL_MS);
    return () => {
      stop = true;
      if (timer.current) clearTimeout(timer.current);
    };
    // Restarted when the job changes or the channel goes up or down, not on every progress.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId, live]);

  const start = async () => {
    setPhase({ kind: 'working' });
    try {
      if (format !== 'docx') void savePickedColumns(columns).catch(() => undefined);
      if (format === 'xlsx') {
        const r = await exportExcel(body());
        setPhase({
          kind: 'done',
          masked: r.masked,
          ...(r.rows !== undefined ? { rows: r.rows } : {}),
        });
      } else if (format === 'csv') {
        const job = await initCsv(body());
        setPhase({ kind: 'job', job, source: live ? 'push' : 'poll' });
      } else {
        const r = await exportWord(selected);
        setPhase({ kind: 'done', masked: r.masked, rows: selected.length });
      }
    } catch (e) {
      setPhase({ kind: 'failed', msg: (e as Error).message });
    }
  };

  const busy = phase.kind === 'working' || phase.kind === 'job';
  const blocked =
    (format !== 'docx' && columns.length === 0) ||
    (format === 'docx' && (selected.length === 0 || selected.length > 50));
  return (
    <Modal
      open={open}
      title={t('exports.dialog.title')}
      width={900}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('exports.dialog.cancel')}</Button>
          <Button
            type="primary"
            loading={busy}
            disabled={blocked}
            onClick={() => void start()}
            data-testid="export-start"
          >
            {t('exports.dialog.start')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {selected.length > 0
            ? t('exports.dialog.scopeSelected', { n: selected.length })
            : t('exports.dialog.scopeFilter')}
        </Typography.Text>
        <Radio.Group value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
          <Radio value="xlsx">{t('exports.dialog.xlsx')}</Radio>
          <Radio value="csv">{t('exports.dialog.csv')}</Radio>
          <Radio value="docx">{t('exports.dialog.docx')}</Radio>
        </Radio.Group>
        {format === 'docx' ? (
          selected.length === 0 || selected.length > 50 ? (
            <Alert type="info" showIcon message={t('exports.dialog.docxNeedsSelection')} />
          ) : null
        ) : (
          <ColumnPicker value={columns} onChange={setColumns} />
        )}
        <ExportStatus phase={phase} />
      </Space>
    </Modal>
  );
}

function ExportStatus({ phase }: { phase: Phase }) {
  const { t } = useTranslation();
  if (phase.kind === 'idle') return null;
  if (phase.kind === 'working') return <Alert type="info" message={t('exports.dialog.working')} />;
  if (phase.kind === 'failed') {
    return <Alert type="error" showIcon message={t('exports.dialog.failed', { msg: phase.msg })} />;
  }
  if (phase.kind === 'job') {
    const { job } = phase;
    const pct = jobPercent(job);
    return (
      <div data-testid="export-progress" data-source={phase.source} data-rows={job.rows}>
        <Progress percent={pct} status="active" />
        <Typography.Text>
          {job.status === 'queued'
            ? t('exports.dialog.queued')
            : t('exports.dialog.progress', { rows: job.rows, total: job.total ?? '?' })}
        </Typography.Text>
      </div>
    );
  }
  const { job } = phase;
  return (
    <Space direction="vertical" data-testid="export-done">
      <Alert
        type="success"
        showIcon
        message={
          phase.rows !== undefined
            ? t('exports.dialog.done', { rows: phase.rows })
            : t('exports.dialog.done', { rows: '' })
        }
      />
      {phase.masked ? (
        <Typography.Text type="secondary">{t('exports.dialog.masked')}</Typography.Text>
      ) : null}
      {job ? (
        <Button onClick={() => void downloadCsv(job)}>{t('exports.dialog.download')}</Button>
      ) : null}
    </Space>
  );
}
