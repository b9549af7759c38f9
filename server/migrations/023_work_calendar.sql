-- Working-day calendar (issue 21): days off and adjusted working days (调休) per year.
-- A day not listed is a working day from Monday to Friday and a day off at weekends. Deadlines
-- of limits counted in working days are computed on it when they are set and stored with the
-- order; a later change of the calendar does not move them (docs/workflow.md).
CREATE TABLE work_calendar_years (
  year         smallint PRIMARY KEY CHECK (year BETWEEN 2000 AND 2100),
  -- The schedule is not the official one yet (the State Council has not published it).
  provisional  boolean     NOT NULL DEFAULT false,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE work_calendar_days (
  -- China date, YYYY-MM-DD (text: no driver turns it into a local-midnight Date).
  day         text        PRIMARY KEY CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  year        smallint    NOT NULL REFERENCES work_calendar_years (year),
  kind        text        NOT NULL CHECK (kind IN ('holiday', 'workday')),
  name        text        NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (substr(day, 1, 4)::int = year)
);
CREATE INDEX work_calendar_days_year_idx ON work_calendar_days (year, day);

-- 2026: the State Council notice of 2025-11-04. 2027: not published yet; only the fixed-date
-- statutory days off, marked provisional (packages/domain/src/calendar-schedule.ts).
INSERT INTO work_calendar_years (year, provisional) VALUES (2026, false), (2027, true);
INSERT INTO work_calendar_days (day, year, kind, name) VALUES
  ('2026-01-01', 2026, 'holiday', '元旦'),
  ('2026-01-02', 2026, 'holiday', '元旦'),
  ('2026-01-03', 2026, 'holiday', '元旦'),
  ('2026-01-04', 2026, 'workday', '元旦调休'),
  ('2026-02-14', 2026, 'workday', '春节调休'),
  ('2026-02-15', 2026, 'holiday', '春节'),
  ('2026-02-16', 2026, 'holiday', '春节'),
  ('2026-02-17', 2026, 'holiday', '春节'),
  ('2026-02-18', 2026, 'holiday', '春节'),
  ('2026-02-19', 2026, 'holiday', '春节'),
  ('2026-02-20', 2026, 'holiday', '春节'),
  ('2026-02-21', 2026, 'holiday', '春节'),
  ('2026-02-22', 2026, 'holiday', '春节'),
  ('2026-02-23', 2026, 'holiday', '春节'),
  ('2026-02-28', 2026, 'workday', '春节调休'),
  ('2026-04-04', 2026, 'holiday', '清明节'),
  ('2026-04-05', 2026, 'holiday', '清明节'),
  ('2026-04-06', 2026, 'holiday', '清明节'),
  ('2026-05-01', 2026, 'holiday', '劳动节'),
  ('2026-05-02', 2026, 'holiday', '劳动节'),
  ('2026-05-03', 2026, 'holiday', '劳动节'),
  ('2026-05-04', 2026, 'holiday', '劳动节'),
  ('2026-05-05', 2026, 'holiday', '劳动节'),
  ('2026-05-09', 2026, 'workday', '劳动节调休'),
  ('2026-06-19', 2026, 'holiday', '端午节'),
  ('2026-06-20', 2026, 'holiday', '端午节'),
  ('2026-06-21', 2026, 'holiday', '端午节'),
  ('2026-09-20', 2026, 'workday', '国庆节调休'),
  ('2026-09-25', 2026, 'holiday', '中秋节'),
  ('2026-09-26', 2026, 'holiday', '中秋节'),
  ('2026-09-27', 2026, 'holiday', '中秋节'),
  ('2026-10-01', 2026, 'holiday', '国庆节'),
  ('2026-10-02', 2026, 'holiday', '国庆节'),
  ('2026-10-03', 2026, 'holiday', '国庆节'),
  ('2026-10-04', 2026, 'holiday', '国庆节'),
  ('2026-10-05', 2026, 'holiday', '国庆节'),
  ('2026-10-06', 2026, 'holiday', '国庆节'),
  ('2026-10-07', 2026, 'holiday', '国庆节'),
  ('2026-10-10', 2026, 'workday', '国庆节调休'),
  ('2027-01-01', 2027, 'holiday', '元旦'),
  ('2027-05-01', 2027, 'holiday', '劳动节'),
  ('2027-05-02', 2027, 'holiday', '劳动节'),
  ('2027-10-01', 2027, 'holiday', '国庆节'),
  ('2027-10-02', 2027, 'holiday', '国庆节'),
  ('2027-10-03', 2027, 'holiday', '国庆节');
