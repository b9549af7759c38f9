-- Open311 GET requests.{json,xml}?status=open|closed (issue 22) read from an index.
--
-- A request's open/closed state is its order's (status 0, 1, 11 or 12 and not merged:
-- OPEN_STATUSES / isPublicOpen in packages/domain), so the filter had to join every request of
-- the window to its order and test it there: at 1M orders `status=open` read the window's
-- requests by a sequential scan of open311_requests and looked each order up (9,031 lookups
-- for 1,819 open ones). The state is now kept on the request itself, moved by a row trigger in
-- the transaction that changes the order (like migration 015's tallies): the open requests
-- are a small partial index in page order, the closed ones the window's index with the column
-- beside it. The trigger fires only when an order crosses between open and closed (closing,
-- merging, reopening) and then updates at most one row by its key; every other order write
-- pays nothing.

CREATE FUNCTION open311_is_open(status integer, merged_into_id bigint) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT status IN (0, 1, 11, 12) AND merged_into_id IS NULL
$$;

ALTER TABLE open311_requests ADD COLUMN is_open boolean;
UPDATE open311_requests r
   SET is_open = open311_is_open(o.status, o.merged_into_id)
  FROM work_orders o
 WHERE o.id = r.order_id;
ALTER TABLE open311_requests ALTER COLUMN is_open SET NOT NULL;

-- A new request takes its order's state (the intake's insert, or any bulk load) — never a
-- default that could be wrong for an order already closed.
CREATE FUNCTION open311_request_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT open311_is_open(o.status, o.merged_into_id) INTO NEW.is_open
    FROM work_orders o WHERE o.id = NEW.order_id;
  RETURN NEW;
END
$$;
CREATE TRIGGER open311_requests_state BEFORE INSERT ON open311_requests
  FOR EACH ROW EXECUTE FUNCTION open311_request_state();

CREATE FUNCTION open311_order_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE open311_requests SET is_open = open311_is_open(NEW.status, NEW.merged_into_id)
   WHERE order_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER work_orders_open311_state AFTER UPDATE OF status, merged_into_id ON work_orders
  FOR EACH ROW
  WHEN (open311_is_open(OLD.status, OLD.merged_into_id)
        IS DISTINCT FROM open311_is_open(NEW.status, NEW.merged_into_id))
  EXECUTE FUNCTION open311_order_state();

-- The window's requests newest first in the order the page is read (created_at, then the
-- order's id), and the open ones on their own.
DROP INDEX open311_requests_created_at;
CREATE INDEX open311_requests_created_at ON open311_requests (created_at, order_id)
  INCLUDE (is_open);
CREATE INDEX open311_requests_open_idx ON open311_requests (created_at, order_id)
  WHERE is_open;
