-- A list filtered by a few days of deadlines (交办时限 from … to, whole China-time days) and
-- shown newest call first: its matches were read through the deadline index and sorted — a week
-- at ten million orders is 93,185 orders, 30–60 ms warm and 160 ms cold — because no index
-- holds them in call-time order, and walking the call-time index passes every order called in
-- the time limits before the first that is due. Here each China-time day of deadlines is one
-- range in call-time order: a page merges one short range per day of the filter
-- (reads/list-filters.ts `dueDays`; at most 31 days).
CREATE INDEX IF NOT EXISTS work_orders_due_day_idx
  ON work_orders (((deadline AT TIME ZONE 'Asia/Shanghai')::date), call_time DESC, id DESC)
  INCLUDE (type_id);
