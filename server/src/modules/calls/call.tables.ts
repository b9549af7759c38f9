import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';
import type { Db } from '../../context';
import type { Database } from '../../db/schema';

/** Row types of migration 007 (calling), kept beside the module that owns the tables. */

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type CallSeatsTable = {
  seat_no: number;
  user_id: number | null;
  taken_at: Timestamp | null;
};

export type TelephonyCallsTable = {
  id: string;
  user_id: number;
  seat_no: number;
  order_id: number;
  phone: string;
  state: string;
  dialed_at: Timestamp;
  answered_at: Timestamp | null;
  ended_at: Timestamp | null;
  hangup_by: string | null;
  hangup_reason: string | null;
  recording_path: string | null;
};

export type CallRecordsTable = {
  id: Generated<number>;
  call_out_id: string;
  handle_id: number | null;
  order_id: number;
  order_num: string;
  user_id: number;
  call_person: string;
  call_telphone: string;
  call_time: Timestamp;
  hang_up_time: Timestamp;
  is_connect: boolean;
  hang_up_person: string;
  hang_up_reason: string;
  call_duration: number;
  recording_path: string | null;
  result: string | null;
  result_at: Timestamp | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type DutyStatusTable = {
  user_id: number;
  clock_type: number;
  on_duty: boolean;
  since: Timestamp;
};

export type DutyClockEventsTable = {
  id: Generated<number>;
  user_id: number;
  clock_type: number;
  clock_status: number;
  session_id: string | null;
  ip: string | null;
  at: Timestamp;
};

export type CallTables = {
  call_seats: CallSeatsTable;
  telephony_calls: TelephonyCallsTable;
  call_records: CallRecordsTable;
  duty_status: DutyStatusTable;
  duty_clock_events: DutyClockEventsTable;
};

export type CallDb = Kysely<Database & CallTables>;
export type TelephonyCallRow = Selectable<TelephonyCallsTable>;
export type CallRecordRow = Selectable<CallRecordsTable>;

/** The database with the calling tables known to the query builder. */
export const callDb = (db: Db | CallDb): CallDb => (db as Db).withTables<CallTables>();

/** PostgreSQL's unique-violation code (two agents, one seat; two calls, one agent). */
export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
