-- Orders dispatched or due before they were called: a partial index that holds only them.
--
-- An order is called, then dispatched, then due, so an order dispatched (or due) before some
-- moment was called before it. A list of a dispatch-time or deadline range sorted newest first
-- (the default) reads the call-time index from the range's end instead of passing every order
-- called since (list-filters.ts `fromRangeEnd`): 70 ms for a week a fortnight back at ten
-- million orders, most of it testing the week after the range. The rule is not enforced — a
-- city order carries the city's call time, a clock can be off — so the orders that break it
-- are read apart, through this index, and the page stays exact. Normally it is empty.
CREATE INDEX IF NOT EXISTS work_orders_time_anomaly_idx ON work_orders (call_time)
  WHERE dispatch_time < call_time OR deadline < call_time;
