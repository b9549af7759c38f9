-- The search index compares its keys byte by byte (docs/performance.md, "The search index's
-- build").
--
-- The keys of `order_search_keys_idx` (migration 036) are bigrams and week keys, only ever
-- compared for equality (`@>`, `&&`), but a GIN build sorts them under the index's collation.
-- Under the database's collation (C.UTF-8 or a language's) every comparison copies both strings
-- and calls strcoll; under "C" it is a memcmp. Measured at a million orders: the build 128 s ->
-- 93 s, and 20,000 texts rewritten 3.1 s -> 2.5 s. Equality is the same under both (both are
-- deterministic), so every search finds what it found. A query uses this index only when its
-- expression carries the same COLLATE "C" (`SEARCH_KEYS` in reads/search-sql.ts).
--
-- The new index is built beside the old one, so searches keep an index during the build (writes
-- to order_search, i.e. intake, wait for it: about 20 min at ten million orders), then takes its
-- name; the table is analysed again because the expression's statistics (pg_stats of the index,
-- read by reads/search-keys.ts) belong to the index.
CREATE INDEX order_search_keys_c_idx ON order_search
  USING gin ((public.hotline_search_keys(search_text, call_time) COLLATE "C"));

DROP INDEX order_search_keys_idx;

ALTER INDEX order_search_keys_c_idx RENAME TO order_search_keys_idx;

ANALYZE order_search;
