-- 我录入的工单 (issue 22, the personal list lr_wlr): the orders one user typed in, newest call
-- first, are one range of this index, read in the page's order from the index alone (id and
-- call_time are its keys; the source and status filters read type_id and status from it).
-- The plain created_by index of migration 002 could only find the user's orders, which were
-- then all fetched and sorted. Its equality lookups (an agent's row scope, a list total) are
-- served by the new index's leading column, so it goes. Orders the city sent (no creator,
-- most of them) are left out.
SET LOCAL maintenance_work_mem = '256MB';

DROP INDEX IF EXISTS work_orders_created_by_idx;
CREATE INDEX work_orders_created_by_idx ON work_orders (created_by, call_time DESC, id DESC)
  INCLUDE (type_id, status)
  WHERE created_by IS NOT NULL;
