-- The citizens' status lookup (issue 22): lookups counted per order number and hour, so the
-- last four digits of a phone number (10,000 possibilities) cannot be tried from many
-- addresses. Unknown numbers are counted too, so they answer like known ones.
CREATE TABLE track_attempts (
  order_num text NOT NULL,
  window_start timestamptz NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (order_num, window_start)
);
CREATE INDEX track_attempts_window_start ON track_attempts (window_start);
