-- The state columns the queues filter on together are far from independent: a call-back queue
-- (`status = 91 AND huifang_state IN (…)`) holds nearly every order of status 91 not yet
-- visited, but the planner multiplies the two shares. At ten million orders it took the
-- visitor's 待回访 to be 969 orders (24,131 in fact), so a keyword there was tested on every row
-- of the queue instead of through the search index (search-page.ts `keywordPlan`: 105–132 ms
-- for a rare term), and the deadline index was left out of the queue with a deadline range.
--
-- A multivariate MCV list over the three columns gives the planner the shares of their
-- combinations (a few dozen: every one fits in the list at the default statistics target).
CREATE STATISTICS IF NOT EXISTS work_orders_states (mcv)
  ON status, main_org_status, huifang_state FROM work_orders;
ANALYZE work_orders;
