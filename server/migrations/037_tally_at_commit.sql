-- The queue tallies move at commit (docs/performance.md, "Tallies moved at commit").
--
-- The tally trigger (migrations 015, 022) ran inside each action's UPDATE, so from that
-- statement to its commit the action held the row locks of its tally groups (say, "street 1,
-- source 1, to be handled"). Every other action moving an order of the same group waited for
-- that commit — and between the UPDATE and the commit the action still writes its event and
-- assignments, one round trip each from a server node that, under load, serves hundreds of
-- requests besides. The tally rows are few and shared by design (every count reads a handful
-- of them), so under the mixed load the actions queued on them.
--
-- The same function now runs as a constraint trigger deferred to the end of the transaction:
-- it takes the tally rows while committing, in the database, with no client round trip before
-- the commit's own WAL flush. Same rows, same net changes, same order of rows within one
-- order's change (no new deadlock); a transaction that reads the tallies after writing an order
-- sees them unmoved until it commits (no code does: counts are read outside transactions).

DROP TRIGGER work_orders_queue_tally ON work_orders;
CREATE CONSTRAINT TRIGGER work_orders_queue_tally
  AFTER INSERT OR DELETE OR UPDATE OF type_id, status, main_org_status, huifang_state,
    need_review_status, reply_rejected, is_key_appeal, dispatcher_id, host_unit_id,
    co_host_unit_ids, system_sign_time, deadline
  ON work_orders DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION queue_tally_move();
