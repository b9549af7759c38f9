-- Indexes for the broad lists' sorts and filters, a queue's page order, and the references a
-- unit's deletion checks.
--
-- Built in the migration's transaction, so writes to these tables wait while they build
-- (minutes on a table of ten million orders).
SET LOCAL maintenance_work_mem = '256MB';

-- Pages sorted by deadline or dispatch time (either direction, NULLs last): the orders with
-- the key are one range of (key, id), walked forwards or backwards; those without it are the
-- NULL range, in id order (list.repository.ts `pageOrderIds`). A date range on the column is
-- a range of the same index; call_time rides along so a range shown newest call first is
-- sorted from the index alone, and type_id because every list filters on the source.
CREATE INDEX work_orders_deadline_idx ON work_orders (deadline, id) INCLUDE (type_id, call_time);
CREATE INDEX work_orders_dispatch_time_idx
  ON work_orders (dispatch_time, id) INCLUDE (type_id, call_time);

-- A category filter: one category is one range in the page's order; a category with its
-- subcategories is read as an ordered merge of one range per category.
CREATE INDEX work_orders_category_idx
  ON work_orders (category_id, call_time DESC, id DESC) INCLUDE (type_id);

-- The returned queue (qu_yth: returned or refused orders, or a host's return) in the page's
-- order: its condition is an OR of two columns, which no other index returns in call-time
-- order (page 1,000 sorted every match). A few per cent of the orders.
CREATE INDEX work_orders_returned_idx ON work_orders (call_time DESC, id DESC) INCLUDE (type_id)
  WHERE status IN (71, 72) OR main_org_status = 71;

-- Deleting a unit checks every reference to it; these three had no index, so each check read
-- its whole table (1.6 s at a million orders, growing with the orders and their events). Few
-- distinct values, so B-tree deduplication keeps them small.
CREATE INDEX work_orders_community_idx ON work_orders (community_unit_id);
CREATE INDEX order_events_actor_unit_idx ON order_events (actor_unit_id);
CREATE INDEX order_requests_unit_idx ON order_requests (requested_unit_id);
