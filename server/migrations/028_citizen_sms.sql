-- Text messages to citizens (issue 22): a caller may opt an order out of them, and each mobile
-- number gets at most a configured number of messages a day (China date).
-- A constant default: no table rewrite, even at ten million orders.
ALTER TABLE work_orders ADD COLUMN sms_opt_out boolean NOT NULL DEFAULT false;

CREATE TABLE citizen_sms_counts (
  phone text NOT NULL,
  day text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (phone, day)
);
