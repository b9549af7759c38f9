-- Newest-first keyword pages read only recent matches (docs/performance.md, "Search").
--
-- A keyword page wants the newest 20 matches. For a term found in tens of thousands of orders,
-- the bigram index found all of them and PostgreSQL fetched every one from the table to sort
-- them (one heap page per match: 0.5 s at a million orders). Its row estimate for several
-- bigrams together is far too low (it multiplies their frequencies), so it never chose to
-- combine the search with a call-time range. Here the index itself carries the time: each
-- order's keys are its bigrams plus one key for its call week ('@w' and the week number since
-- 1970). A page first asks for matches among the keys of the last week, then the last 5, 26
-- and 104 weeks, then all history; inside one GIN scan the week keys cut the bigram matches
-- down to the window, so only the window's matches are fetched. Bigrams are two characters
-- long: they never collide with a week key. (Schema-qualified calls: PostgreSQL 17+ builds
-- indexes with search_path = pg_catalog.)
CREATE FUNCTION hotline_week(at timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT '@w' || floor(extract(epoch FROM (at - to_timestamp(0))) / 604800)::bigint
$$;

CREATE FUNCTION hotline_search_keys(t text, at timestamptz) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT public.hotline_bigrams(t) || public.hotline_week(at)
$$;

DROP INDEX work_orders_bigrams_idx;
-- Queries must use the same expression: hotline_search_keys(search_text, call_time).
CREATE INDEX work_orders_search_idx ON work_orders USING gin (hotline_search_keys(search_text, call_time));
