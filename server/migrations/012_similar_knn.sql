-- Similar orders read a bounded number of nearest titles (docs/performance.md, "Similar orders").
--
-- The detail lists the five orders most like the one open. Ranking every order whose title is
-- trigram-similar (> 0.3) cost hundreds of milliseconds at a million orders: a common title has
-- thousands of near-duplicates, and each candidate's content similarity was computed to rank
-- them. A GiST trigram index serves `title <-> $1` in distance order (nearest first, k-NN), so
-- the query reads the 50 nearest titles in the caller's scope and ranks only those by title
-- and content. The GIN index stays: LIKE searches over titles and the intake's open-order
-- `%` lookups use it.
CREATE INDEX work_orders_title_gist_idx ON work_orders USING gist (title gist_trgm_ops);
