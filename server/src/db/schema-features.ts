import type { ColumnType, Generated, Selectable } from 'kysely';
import type { DefaultTimestamp, Timestamp } from './schema-columns';

/**
 * Row types of the tables later features added (migrations 014 on), for Kysely; schema.ts's
 * `Database` includes `FeatureTables`. Keep in step with the SQL.
 */

// --- work-order reads (migrations 015, replacing 004's work_order_tallies; 036; 044) ---
/** Orders per every column a clock-free queue condition or a row scope reads, kept by a trigger. */
export interface QueueTalliesTable {
  type_id: number;
  status: number;
  main_org_status: number;
  huifang_state: number;
  /** 0 = none. */
  need_review_status: number;
  /** The host's latest reply was rejected (migration 022). */
  reply_rejected: boolean;
  is_key_appeal: boolean;
  /** No dispatcher yet. */
  unclaimed: boolean;
  /** The host (0 when none) for role 'h', a co-host that is not the host for role 'c'. */
  unit_id: number;
  role: 'h' | 'c';
  n: number;
}
/** The same per clock bucket: 's' = China-time day of signing, 'd' = UTC hour of the deadline. */
export interface QueueClockTalliesTable {
  clock: 's' | 'd';
  bucket: Timestamp;
  type_id: number;
  status: number;
  main_org_status: number;
  huifang_state: number;
  unit_id: number;
  role: 'h' | 'c';
  n: number;
}
export interface FeatureTables {
  queue_tallies: QueueTalliesTable;
  queue_clock_tallies: QueueClockTalliesTable;
}

/** An order's search text beside it (migration 036), kept by triggers. */
export interface OrderSearchTable {
  order_id: number;
  call_time: Timestamp;
  /** The order's type (migration 045). */
  type_id: number;
  search_text: string;
}
/** The units that see an order (host and co-hosts), in call-time order (migration 044). */
export interface OrderUnitsTable {
  unit_id: number;
  call_time: Timestamp;
  order_id: number;
  type_id: number;
}
export interface FeatureTables {
  order_search: OrderSearchTable;
  order_units: OrderUnitsTable;
}
// --- end work-order reads ---

// --- administration (migration 014) ---
export interface AuditLogTable {
  id: Generated<number>;
  at: DefaultTimestamp;
  actor_id: number | null;
  actor_name: Generated<string>;
  ip: Generated<string>;
  action: string;
  target_type: Generated<string>;
  target_id: Generated<string>;
  target_name: Generated<string>;
  detail: ColumnType<unknown, string | undefined, string>;
}
export interface FeatureTables {
  audit_log: AuditLogTable;
}
export type AuditLogRow = Selectable<AuditLogTable>;
// --- end administration ---

// --- file store (migration 017) ---
export interface StoredFilesTable {
  id: Generated<number>;
  key: string;
  size_bytes: Generated<number>;
  chunk_count: Generated<number>;
  complete: Generated<boolean>;
  created_at: Timestamp;
  written_at: Timestamp;
}
export interface StoredFileChunksTable {
  file_id: number;
  seq: number;
  data: Buffer;
}
export interface FeatureTables {
  stored_files: StoredFilesTable;
  stored_file_chunks: StoredFileChunksTable;
}
// --- end file store ---

// --- login attempts (migration 018) ---
export interface LoginAttemptsTable {
  name_key: string;
  address: string;
  attempts: number;
  window_start: Timestamp;
  locked_until: Timestamp | null;
}
export interface FeatureTables {
  login_attempts: LoginAttemptsTable;
}
// --- end login attempts ---

// --- idempotency keys (migration 019) ---
export interface IdempotencyKeysTable {
  principal: string;
  key: string;
  endpoint: string;
  request_hash: string;
  status: number | null;
  response: string | null;
  created_at: Timestamp;
}
export interface FeatureTables {
  idempotency_keys: IdempotencyKeysTable;
}
// --- end idempotency keys ---

// --- working-day calendar (migration 023) ---
export interface WorkCalendarYearsTable {
  year: number;
  provisional: Generated<boolean>;
  updated_at: DefaultTimestamp;
}
export interface WorkCalendarDaysTable {
  day: string;
  year: number;
  kind: 'holiday' | 'workday';
  name: string;
  updated_at: DefaultTimestamp;
}
export interface FeatureTables {
  work_calendar_years: WorkCalendarYearsTable;
  work_calendar_days: WorkCalendarDaysTable;
}
// --- end working-day calendar ---

// --- deadline jobs (migration 024) ---
export interface DeadlineJobsTable {
  id: Generated<number>;
  order_id: number;
  kind: 'reminder' | 'escalation';
  offset_key: string;
  due_at: Timestamp;
  done_at: Timestamp | null;
  attempts: Generated<number>;
}
export interface FeatureTables {
  deadline_jobs: DeadlineJobsTable;
}
// --- end deadline jobs ---

// --- deadline escalations (migration 029) ---
export interface DeadlineEscalationsTable {
  id: Generated<number>;
  order_id: number;
  level: number;
  limit_kind: 'sign' | 'handling';
  /** The unit that held the order when it missed the limit; null: the district. */
  unit_id: number | null;
  escalated_at: Timestamp;
}
export interface FeatureTables {
  deadline_escalations: DeadlineEscalationsTable;
}
// --- end deadline escalations ---

// --- common phrases (migration 021) ---
export interface PhrasesTable {
  id: Generated<number>;
  scope: 'user' | 'unit';
  user_id: number | null;
  unit_id: number | null;
  category: Generated<string>;
  text: string;
  sort: Generated<number>;
  created_by: number | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface FeatureTables {
  phrases: PhrasesTable;
}
// --- end common phrases ---

// --- Open311 GeoReport v2 (migration 025) ---
export interface Open311RequestsTable {
  order_id: number;
  integration_id: number;
  fingerprint: string;
  service_code: string;
  device_id: string | null;
  account_id: string | null;
  email: string | null;
  media_url: string | null;
  attributes: ColumnType<Record<string, string>, string, string>;
  created_at: Timestamp;
  /** The order's open/closed state, kept by migration 032's triggers (never written here). */
  is_open: Generated<boolean>;
}
export interface FeatureTables {
  open311_requests: Open311RequestsTable;
}
// --- end Open311 ---

// --- status lookup (migration 026) ---
export interface TrackAttemptsTable {
  order_num: string;
  window_start: Timestamp;
  n: number;
}
export interface FeatureTables {
  track_attempts: TrackAttemptsTable;
}
// --- end status lookup ---

// --- citizen text messages (migration 028) ---
export interface CitizenSmsCountsTable {
  phone: string;
  /** yyyymmdd, China time. */
  day: string;
  n: number;
}
export interface FeatureTables {
  citizen_sms_counts: CitizenSmsCountsTable;
}
// --- end citizen text messages ---
