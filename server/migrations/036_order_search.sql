-- The search text and its index leave the order's row (docs/performance.md, "Search";
-- docs/decisions/0010-search-text-beside-the-order.md).
--
-- `search_text` (migration 002) was a generated column of work_orders and its GIN index
-- (migration 010) an index of work_orders. An action changes an order's state, which is in
-- several indexes, so its UPDATE is never a HOT update: every action wrote a new row version
-- and added it to every index, the search index included — about 180 keys per order. At ten
-- million orders that UPDATE took 2.5–8.9 ms alone (1.0–2.3 ms without the search index), and
-- the actions' UPDATEs were half of the database's time under the mixed load.
--
-- Now the text lives in `order_search`, one row per order, written by a trigger when an order
-- is inserted and when a column of its text (or its call time, which the index's week key
-- reads) changes — which no workflow action does. The index is the same expression on the
-- new table; the search is a semi-join (search-sql.ts).

-- The text an order is searched by (as the generated column was): order and case numbers,
-- title, content, caller, phone and address, lower-cased. Immutable and inlined, so the
-- trigger and the substring test of rows in hand (search-sql.ts, containsWhere) share it.
CREATE FUNCTION hotline_order_text(
  order_num text, district_case_num text, title text, major_content text,
  caller_name text, caller_phone text, address text
) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(order_num || ' ' || COALESCE(district_case_num, '') || ' ' || title || ' ' ||
               major_content || ' ' || caller_name || ' ' || caller_phone || ' ' || address)
$$;

CREATE TABLE order_search (
  order_id    bigint PRIMARY KEY,
  call_time   timestamptz NOT NULL,
  search_text text NOT NULL
);

INSERT INTO order_search (order_id, call_time, search_text)
SELECT id, call_time, search_text FROM work_orders;

-- Added after the copy: one validating join instead of a check per copied row.
ALTER TABLE order_search
  ADD CONSTRAINT order_search_order_fk FOREIGN KEY (order_id) REFERENCES work_orders(id)
  ON DELETE CASCADE;

-- Queries must use the same expression: hotline_search_keys(search_text, call_time).
CREATE INDEX order_search_keys_idx ON order_search
  USING gin (public.hotline_search_keys(search_text, call_time));

CREATE FUNCTION order_search_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_search (order_id, call_time, search_text)
  VALUES (NEW.id, NEW.call_time,
          public.hotline_order_text(NEW.order_num, NEW.district_case_num, NEW.title,
                                    NEW.major_content, NEW.caller_name, NEW.caller_phone,
                                    NEW.address))
  ON CONFLICT (order_id) DO UPDATE
    SET call_time = EXCLUDED.call_time, search_text = EXCLUDED.search_text;
  RETURN NULL;
END $$;

CREATE TRIGGER work_orders_search_insert AFTER INSERT ON work_orders
  FOR EACH ROW EXECUTE FUNCTION order_search_write();

CREATE TRIGGER work_orders_search_update
  AFTER UPDATE OF order_num, district_case_num, title, major_content, caller_name, caller_phone,
                  address, call_time ON work_orders
  FOR EACH ROW
  WHEN ((OLD.order_num, OLD.district_case_num, OLD.title, OLD.major_content, OLD.caller_name,
         OLD.caller_phone, OLD.address, OLD.call_time)
        IS DISTINCT FROM
        (NEW.order_num, NEW.district_case_num, NEW.title, NEW.major_content, NEW.caller_name,
         NEW.caller_phone, NEW.address, NEW.call_time))
  EXECUTE FUNCTION order_search_write();

-- Drops the old search index with it.
ALTER TABLE work_orders DROP COLUMN search_text;
