-- An order's extension, exclusion and return requests by the order (the detail's 申请记录, the
-- export's side facts, the lifecycle's pending checks). Only the pending one had an index
-- (order_requests_one_pending), so the detail's list of an order's requests read the whole
-- table: at ten million orders (1.2 million requests, 119 MB) 93–125 ms per detail, the
-- costliest statement of the mixed load (bench section 7, 2026-11-28).
CREATE INDEX order_requests_order_idx ON order_requests (order_id, created_at, id);
