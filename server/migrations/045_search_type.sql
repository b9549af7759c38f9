-- The order's type beside its search text (docs/performance.md, "Thirty-fourth session";
-- docs/decisions/0016-type-beside-the-search-text.md).
--
-- A district's search over all orders asks of a match only its type (every list has a type
-- clause) and, for its page, its call time. A rare term's matches are collected from
-- `order_search` first (reads/search-in-hand.ts); the page and its exact total were then a
-- second statement that fetched each match from `work_orders` by primary key to test its type
-- and sort it — at ten million orders 22 ms for "新华坊17号楼" (3,998 matches), as long as the
-- collection itself, nearly all of it the descents of the key. With the type in `order_search`
-- the collection returns each match's call time and type, and such a page is sorted and
-- counted from what it returned (reads/in-hand-page.ts): no second statement.
--
-- The table is rebuilt rather than altered: filling a new column rewrites every row, and each
-- rewritten row would go into the search index again, one row at a time. The copy is taken
-- under a SHARE lock (searches go on; intake and text edits, which write order_search through
-- the trigger, wait for the migration), then the key, the foreign key and the search index
-- (the expression of migration 043) are built once on the full table. At ten million orders
-- most of the time is the search index's build (about 20 minutes; bench/README.md).

LOCK TABLE order_search IN SHARE MODE;

CREATE TABLE order_search_next (
  order_id    bigint      NOT NULL,
  call_time   timestamptz NOT NULL,
  type_id     smallint    NOT NULL,
  search_text text        NOT NULL
);

INSERT INTO order_search_next (order_id, call_time, type_id, search_text)
SELECT s.order_id, s.call_time, o.type_id, s.search_text
  FROM order_search s
  JOIN work_orders o ON o.id = s.order_id;

DROP TABLE order_search;
ALTER TABLE order_search_next RENAME TO order_search;

ALTER TABLE order_search ADD CONSTRAINT order_search_pkey PRIMARY KEY (order_id);
ALTER TABLE order_search
  ADD CONSTRAINT order_search_order_fk FOREIGN KEY (order_id) REFERENCES work_orders(id)
  ON DELETE CASCADE;

-- Queries must use the same expression (reads/search-sql.ts SEARCH_KEYS).
CREATE INDEX order_search_keys_idx ON order_search
  USING gin ((public.hotline_search_keys(search_text, call_time) COLLATE "C"));

CREATE OR REPLACE FUNCTION order_search_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_search (order_id, call_time, type_id, search_text)
  VALUES (NEW.id, NEW.call_time, NEW.type_id,
          public.hotline_order_text(NEW.order_num, NEW.district_case_num, NEW.title,
                                    NEW.major_content, NEW.caller_name, NEW.caller_phone,
                                    NEW.address))
  ON CONFLICT (order_id) DO UPDATE
    SET call_time = EXCLUDED.call_time, type_id = EXCLUDED.type_id,
        search_text = EXCLUDED.search_text;
  RETURN NULL;
END $$;

-- The type joins the columns whose change rewrites the row (no workflow action changes any).
DROP TRIGGER work_orders_search_update ON work_orders;
CREATE TRIGGER work_orders_search_update
  AFTER UPDATE OF order_num, district_case_num, title, major_content, caller_name, caller_phone,
                  address, call_time, type_id ON work_orders
  FOR EACH ROW
  WHEN ((OLD.order_num, OLD.district_case_num, OLD.title, OLD.major_content, OLD.caller_name,
         OLD.caller_phone, OLD.address, OLD.call_time, OLD.type_id)
        IS DISTINCT FROM
        (NEW.order_num, NEW.district_case_num, NEW.title, NEW.major_content, NEW.caller_name,
         NEW.caller_phone, NEW.address, NEW.call_time, NEW.type_id))
  EXECUTE FUNCTION order_search_write();

-- The search index's statistics (pg_stats of the index, reads/search-keys.ts) start again.
ANALYZE order_search;
