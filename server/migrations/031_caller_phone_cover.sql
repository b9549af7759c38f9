-- Caller history (issue 22) as an index-only read. Migration 027's index found a number's
-- orders, but the history counts them within the caller's row scope (host or co-host unit,
-- visits, own intake) and sources, and a street's scope made the planner AND the number's few
-- rows with a bitmap of the whole unit (156,000 rows at 1M orders: 48 ms for a repeat caller).
-- With the scope's columns in the index the count reads only the number's entries
-- (bench section 9). Building it holds the table for about as long as 027's did (half a
-- minute at ten million orders), once.
DROP INDEX IF EXISTS work_orders_caller_phone_idx;
CREATE INDEX work_orders_caller_phone_idx ON work_orders (caller_phone, call_time DESC, id DESC)
  INCLUDE (type_id, status, huifang_state, host_unit_id, co_host_unit_ids, created_by)
  WHERE caller_phone <> '';
