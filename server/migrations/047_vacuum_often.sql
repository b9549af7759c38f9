-- Vacuum the orders often enough for index-only reads (docs/decisions/0017-vacuum-the-orders-often.md).
--
-- The queue pages and many totals are index-only scans of partial indexes over the open and
-- call-back orders (migrations 011, 046; order_units of 044): an entry is answered from the index
-- only when its table page is marked all-visible, which only VACUUM does, and every write to a
-- page clears the mark. The pages that change are the recent ones, where every open and
-- call-back order lives. PostgreSQL's defaults vacuum a table once a fifth of its rows changed:
-- at ten million orders two million updates, months of a district's work, so on a live database
-- those pages stay unmarked and their entries are fetched from the table. And a vacuum that
-- finds dead rows on under 2 % of the pages skips the indexes (PostgreSQL 14+) and leaves those
-- pages unmarked too: the benchmark's ten million orders, vacuumed after their build, kept 9,960
-- such pages, and 6,281 of the 25,630 orders of 待回访 on them. So: a vacuum after every 10,000
-- changed or inserted rows whatever the table's size, always with its index pass (at a
-- district's pace a few a day; at ten million orders a read of the 7.4 GB of indexes, about 20 s
-- at autovacuum's cost limits, plus WAL for the pages the changes touched: decision 0017).
ALTER TABLE work_orders SET (
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 10000,
  autovacuum_vacuum_insert_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 10000,
  autovacuum_analyze_scale_factor = 0.02,
  vacuum_index_cleanup = on
);
ALTER TABLE order_units SET (
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 10000,
  autovacuum_vacuum_insert_scale_factor = 0,
  autovacuum_vacuum_insert_threshold = 10000,
  vacuum_index_cleanup = on
);
