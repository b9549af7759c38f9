-- Similar orders go one of two ways, each through an index of its own (similar.repository.ts).
--
-- A common title (hundreds of near copies in the year) is answered by the nearest-first walk of
-- the GiST trigram index (migrations 012, 035): it stops at the 50th near title, 3–10 ms at ten
-- million orders. A title with few or no near copies made that walk read most of the index —
-- the trigram signatures of the inner pages are saturated by Chinese text, so they prune nothing
-- — 0.2–1.0 s at ten million orders for a title nothing resembles. The GIN trigram index
-- (migration 002) answers those in 0.1–20 ms.
--
-- The planner cannot tell the two cases apart by cost (it priced the walk as if it stopped
-- early either way), so the repository decides from the planner's estimate of the matches and
-- words each statement so that only one index fits it: the walk orders by `lower(title)`, which
-- this index holds, and the other statement tests `title`, which only the GIN index holds.
-- pg_trgm lower-cases the text it cuts into trigrams, so `lower(title)` has the same trigrams,
-- similarity and distance as `title`.
DROP INDEX IF EXISTS work_orders_title_gist_idx;
CREATE INDEX work_orders_title_gist_idx
  ON work_orders USING gist (lower(title) gist_trgm_ops, call_time);
