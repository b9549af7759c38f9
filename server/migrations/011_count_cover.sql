-- Queue counts and queue pages of open orders read narrow index entries, not the wide rows
-- (docs/performance.md, "Counts").
--
-- An order row is about 2 kB (title, content, reply and their search text), so counting the
-- ~3 % of a million orders that are open — 20,000+ rows on 7,000 heap pages — cost tens of
-- milliseconds even from memory. The open-order and call-back indexes now carry every column
-- a queue condition, the row scope or a page reads (INCLUDE), so counts and the ids of a page
-- are index-only scans: the heap is visited only for pages changed since the last vacuum.
DROP INDEX work_orders_open_idx;
CREATE INDEX work_orders_open_idx ON work_orders (status, main_org_status, call_time DESC)
  INCLUDE (id, type_id, huifang_state, need_review_status, deadline, is_key_appeal,
           dispatcher_id, host_unit_id, co_host_unit_ids, created_by)
  WHERE status IN (0, 1, 11, 12);
DROP INDEX work_orders_visit_idx;
CREATE INDEX work_orders_visit_idx ON work_orders (huifang_state, call_time DESC)
  INCLUDE (id, type_id, host_unit_id, co_host_unit_ids, created_by)
  WHERE status = 91;
