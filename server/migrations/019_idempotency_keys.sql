-- Idempotency-Key on create endpoints (issue 19): the first request with a key runs, the
-- answer is kept for 24 hours and replayed to a retry of the same request by the same caller.
CREATE TABLE idempotency_keys (
  -- 'u:<user id>' for a session, 'k:<sha256 of the integration key>' for another system
  principal text NOT NULL,
  key text NOT NULL,
  endpoint text NOT NULL,
  request_hash text NOT NULL,
  -- null while the first request runs
  status integer,
  response text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (principal, key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
