-- A list filtered by a few days of deadlines (交办时限 from … to, whole China-time days) and
-- shown newest call first: its matches were read through the deadline index and sorted — a week
-- at ten million orders is 93,185 orders, 30–60 ms warm and 160 ms cold — because no index
-- holds them in call-time order, and walking the call-time index passes every order called in
-- the time limits before the first that is due. Here each China-time day of deadlines is one
-- range in call-time order: a page merges one short range per day of the filter
-- (reads/list-filters.ts `withDueDays`; at most 31 days). The index carries the deadline itself:
-- PostgreSQL reads an expression index alone only when it also holds the expression's columns
-- (without it each row of a page was fetched from the table). Built in 23–32 s at ten million
-- orders.
CREATE INDEX IF NOT EXISTS work_orders_due_day_idx
  ON work_orders (((deadline AT TIME ZONE 'Asia/Shanghai')::date), call_time DESC, id DESC)
  INCLUDE (type_id, deadline);
