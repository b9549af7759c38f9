-- Similar orders look back a year (similar.repository.ts, SIMILAR_WINDOW_DAYS), with the bound
-- tested inside the index.
--
-- The detail's five similar orders read the 50 nearest titles through the GiST trigram index
-- (migration 012) and then each of those rows from the table. At ten million orders a common
-- title has tens of thousands of equally near copies over five years, so the 50 rows were
-- random pages of all of history — cold under load: 225 ms per detail, 22 % of the database's
-- time in the mixed load (bench section 7, 2026-11-28). The index now holds the call time
-- beside the title (btree_gist gives timestamptz its GiST operators), so `call_time >= $since`
-- is checked on index entries while the walk goes nearest first, and the rows read are recent
-- ones.
CREATE EXTENSION IF NOT EXISTS btree_gist;
DROP INDEX IF EXISTS work_orders_title_gist_idx;
CREATE INDEX work_orders_title_gist_idx ON work_orders USING gist (title gist_trgm_ops, call_time);
