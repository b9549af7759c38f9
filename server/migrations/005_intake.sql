-- Intake: the daily counters behind self-built order numbers ('ZJ' + yyyymmdd + 4 digits) and
-- district case numbers ('QY' + yyyymmdd + 4 digits). One row per prefix and China-time day;
-- an intake increments it with UPDATE … RETURNING, so the row lock serialises parallel intakes
-- and a rolled-back intake gives its number back.
CREATE TABLE order_number_counters (
  prefix  text NOT NULL,
  day     text NOT NULL CHECK (day ~ '^[0-9]{8}$'),
  last    integer NOT NULL CHECK (last >= 0),
  PRIMARY KEY (prefix, day)
);

-- Attachments not yet attached to an order are found by their uploader.
CREATE INDEX order_attachments_unattached_idx ON order_attachments (created_by, createtime)
  WHERE order_id IS NULL;
