-- Files every node must see (uploads, call recordings, CSV export files) live in the database:
-- one row per file, its bytes in chunks of up to 512 KiB (docs/decisions/0007).
-- A file written outside a caller's transaction is `complete = false` while its chunks go in
-- (one statement each) and becomes readable when the last statement sets it complete; a write
-- abandoned by a stopped node is found by `written_at` and deleted by the storage sweep.
CREATE TABLE stored_files (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The path the rows refer to (order_attachments.stored_path, telephony_calls.recording_path,
  -- export_records.file_path), e.g. 'uploads/2026/11/<hex>'.
  key          text NOT NULL UNIQUE,
  size_bytes   bigint NOT NULL DEFAULT 0,
  chunk_count  integer NOT NULL DEFAULT 0,
  complete     boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL,
  written_at   timestamptz NOT NULL
);
CREATE INDEX stored_files_incomplete_idx ON stored_files (written_at) WHERE NOT complete;

CREATE TABLE stored_file_chunks (
  file_id  bigint NOT NULL REFERENCES stored_files(id) ON DELETE CASCADE,
  seq      integer NOT NULL CHECK (seq >= 0),
  data     bytea NOT NULL,
  PRIMARY KEY (file_id, seq)
);
