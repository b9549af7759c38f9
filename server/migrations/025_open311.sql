-- Open311 GeoReport v2 (issue 22): where a service request was reported, and what the
-- citizen's app sent with it that the order itself does not keep.

-- WGS-84 position of the appeal (optional; the address stays the reference for handlers).
-- Nullable without a default: adding them rewrites nothing, even at ten million orders.
ALTER TABLE work_orders ADD COLUMN lat double precision, ADD COLUMN long double precision;
-- NOT VALID: the existing rows are all NULL, so checking them would only hold the table's
-- lock for a full scan; every new or changed row is checked.
ALTER TABLE work_orders
  ADD CONSTRAINT work_orders_lat_range CHECK (lat IS NULL OR (lat >= -90 AND lat <= 90)) NOT VALID,
  ADD CONSTRAINT work_orders_long_range CHECK (long IS NULL OR (long >= -180 AND long <= 180)) NOT VALID;

-- One row per order made through POST requests.{json,xml}.
CREATE TABLE open311_requests (
  order_id bigint PRIMARY KEY REFERENCES work_orders (id) ON DELETE CASCADE,
  integration_id integer NOT NULL REFERENCES integration_keys (id),
  -- SHA-256 of the request's content (service, description, position, contact): the same
  -- request sent again within minutes (a retry on a flaky network) gets the first order
  fingerprint text NOT NULL,
  service_code text NOT NULL,
  device_id text,
  account_id text,
  email text,
  media_url text,
  attributes jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL
);
CREATE INDEX open311_requests_fingerprint ON open311_requests (integration_id, fingerprint, created_at);
CREATE INDEX open311_requests_created_at ON open311_requests (created_at);
