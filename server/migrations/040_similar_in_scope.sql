-- The units that see an order (its host and co-hosts) inside the similar-titles GiST index, so a
-- street's or department's nearest-first walk tests its scope on the index entry instead of
-- fetching each order from the table (similar.repository.ts).
--
-- The walk hands out the nearest titles of every unit and the scope was tested on each row
-- afterwards: a street saw 50 of its own only after thousands of other units' copies had been
-- read from the table (233 ms for one common title at ten million orders). With the units in
-- the index the walk skips other units' entries where it reads them.
--
-- One condition must hold the whole unit scope (host OR co-host: an OR cannot be an index
-- condition), so the key is an array — the host in front of the co-hosts, 0 for an order not yet
-- dispatched — and the test is containment. Only intarray gives integer arrays a GiST operator
-- class. It lives in a schema of its own: installed in `public` its operators would take over
-- `@>` and `&&` on every integer array, and the GIN index on co_host_unit_ids (array_ops)
-- would no longer serve the queries that use them. The walk names its operator explicitly
-- (`OPERATOR(intarray_ext.@>)`).
--
-- The trigram signatures of the inner pages are 256 bytes wide instead of 12: Chinese titles
-- fill the narrow ones, which then bound nothing, and a walk that has to look past the exact
-- copies of a title (a street with 38 copies of a title the departments mostly handle, and 12
-- near titles to find) read 50,000 pages of the index. Measured at ten million orders, street1:
-- 760–860 ms → 200–290 ms for those titles, common titles 5–10 ms either way; the index is
-- 1.2 GB (1.3 GB with narrow signatures). Built in 6–11 minutes at ten million orders.
CREATE SCHEMA IF NOT EXISTS intarray_ext;
CREATE EXTENSION IF NOT EXISTS intarray SCHEMA intarray_ext;
DROP INDEX IF EXISTS work_orders_title_gist_idx;
CREATE INDEX work_orders_title_gist_idx
  ON work_orders USING gist (
    lower(title) gist_trgm_ops(siglen = 256),
    call_time,
    (array_prepend(coalesce(host_unit_id, 0), co_host_unit_ids)) intarray_ext.gist__int_ops
  );
