-- Exports: one row per export a user made (XLSX, CSV job, Word case sheets, print data) — the
-- audit of who exported which orders, when, how many rows, and whether callers' phones were
-- masked — and, for CSV, the background job's state and progress. A CSV job's file lives
-- under DATA_DIR/exports (file_path relative to DATA_DIR) and is deleted with its row's expiry.
CREATE TABLE export_records (
  id           bigserial PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id),
  unit_id      integer REFERENCES units (id),
  format       text NOT NULL CHECK (format IN ('xlsx', 'csv', 'docx', 'print')),
  status       text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  rows         integer NOT NULL DEFAULT 0 CHECK (rows >= 0),
  total        integer CHECK (total >= 0),
  masked       boolean NOT NULL,
  columns      text[] NOT NULL DEFAULT '{}',
  filter       jsonb NOT NULL DEFAULT '{}',
  order_ids    integer[],
  file_name    text,
  file_path    text,
  error        text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz
);

CREATE INDEX export_records_user_idx ON export_records (user_id, id DESC);
CREATE INDEX export_records_created_idx ON export_records (created_at DESC, id DESC);
-- Jobs still running (a restarted node marks them failed).
CREATE INDEX export_records_open_idx ON export_records (id) WHERE status IN ('queued', 'running');
