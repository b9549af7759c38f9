-- Export jobs (issue 7): a finished CSV job's file is deleted after the retention period and its
-- row says `expired`; a running job touches heartbeat_at while it works, so a job whose node
-- crashed or restarted (no heartbeat for a while) is marked failed — at start-up and by the
-- periodic sweep — without touching the jobs other live nodes are running.
ALTER TABLE export_records DROP CONSTRAINT export_records_status_check;
ALTER TABLE export_records ADD CONSTRAINT export_records_status_check
  CHECK (status IN ('queued', 'running', 'done', 'failed', 'expired'));
ALTER TABLE export_records ADD COLUMN heartbeat_at timestamptz;
-- Finished jobs that still hold a file (the retention sweep).
CREATE INDEX export_records_files_idx ON export_records (finished_at) WHERE file_path IS NOT NULL;
