import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Row types of server/migrations, for Kysely. Keep in step with the SQL. */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UnitsTable {
  id: Generated<number>;
  code: string;
  name: string;
  kind: string;
  parent_id: number | null;
  sort: Generated<number>;
  created_at: DefaultTimestamp;
  disabled: Generated<boolean>;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  realname: string;
  mobile: string | null;
  avatar: Generated<string>;
  unit_id: number;
  is_admin: Generated<boolean>;
  disabled: Generated<boolean>;
  failed_logins: Generated<number>;
  first_failed_at: Timestamp | null;
  locked_until: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  must_change_password: Generated<boolean>;
  password_changed_at: Timestamp | null;
  extra_rules: Generated<string[]>;
  last_login_at: Timestamp | null;
}

export interface AuthGroupsTable {
  id: Generated<number>;
  name: string;
  title: string;
  rules: Generated<string[]>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  builtin: Generated<boolean>;
}

export interface UserGroupsTable {
  user_id: number;
  group_id: number;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: number;
  method: 'password' | 'sms' | 'sso';
  ip: string | null;
  user_agent: string | null;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface SessionTokensTable {
  token_hash: string;
  session_id: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  refreshed_at: Timestamp | null;
}

export interface SmsCodesTable {
  id: Generated<number>;
  mobile: string;
  code_hash: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: Timestamp | null;
  burned_at: Timestamp | null;
}

export interface SsoUsedTokensTable {
  jti: string;
  expires_at: Timestamp;
}

export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: DefaultTimestamp;
}

export interface MenusTable {
  id: Generated<number>;
  key: string;
  parent_key: string | null;
  path: string;
  name: string;
  component: string;
  title: string;
  title_en: string;
  icon: Generated<string>;
  sort: Generated<number>;
  is_menu: Generated<boolean>;
  queue_id: string | null;
  guard: ColumnType<unknown, string | null, string | null>;
  unit_kinds: string[] | null;
  config_key: string | null;
  created_at: DefaultTimestamp;
}

export interface ConfigGroupsTable {
  name: string;
  title: string;
  sort: Generated<number>;
  created_at: DefaultTimestamp;
}

export interface ConfigTable {
  id: Generated<number>;
  group_name: string;
  name: string;
  title: string;
  value: Generated<string>;
  type: Generated<string>;
  options: string[] | null;
  is_public: Generated<boolean>;
  remark: Generated<string>;
  sort: Generated<number>;
  updated_at: DefaultTimestamp;
}

export interface ProblemCategoriesTable {
  id: Generated<number>;
  code: string;
  name: string;
  parent_id: number | null;
  level: number;
  sort: Generated<number>;
  disabled: Generated<boolean>;
}

export interface SearchLinksTable {
  id: Generated<number>;
  title: string;
  url: string;
  keywords: Generated<string>;
  sort: Generated<number>;
}

export interface ErrorLogsTable {
  id: Generated<number>;
  session_id: string | null;
  user_id: number | null;
  town: string;
  html_url: string;
  java_url: string;
  code: string;
  msg: string;
  ip: string;
  user_agent: string | null;
  created_at: DefaultTimestamp;
}

export interface WorkOrdersTable {
  id: Generated<number>;
  order_num: string;
  district_case_num: string | null;
  handle_code: string | null;
  type_id: Generated<number>;
  title: string;
  major_content: string;
  caller_name: Generated<string>;
  caller_phone: Generated<string>;
  caller_count: Generated<number>;
  caller_subject: Generated<string>;
  address: Generated<string>;
  community_unit_id: number | null;
  category_id: number | null;
  labels: Generated<string[]>;
  seven_five_category: string | null;
  order_nature: Generated<string>;
  urgency: Generated<string>;
  risk_level: Generated<number>;
  status: Generated<number>;
  main_org_status: Generated<number>;
  huifang_state: Generated<number>;
  need_review_status: number | null;
  /** The host's latest reply was rejected (migration 022). */
  reply_rejected: Generated<boolean>;
  /** Escalation after a missed limit: 0 none, 1, 2 (migration 024). */
  escalation_level: Generated<number>;
  escalated_at: Timestamp | null;
  host_unit_id: number | null;
  dispatch_type: string | null;
  dispatcher_id: number | null;
  assigned_staff: string | null;
  call_time: Timestamp;
  system_sign_time: Timestamp | null;
  dispatch_time: Timestamp | null;
  host_sign_time: Timestamp | null;
  refuse_deadline: Timestamp | null;
  handling_limit_hours: number | null;
  deadline: Timestamp | null;
  reply_time: Timestamp | null;
  reply_content: string | null;
  reply_contacted: boolean | null;
  reply_resolved: boolean | null;
  city_reply_time: Timestamp | null;
  closed_time: Timestamp | null;
  visit_count: Generated<number>;
  visit_time: Timestamp | null;
  visit_result: string | null;
  visit_contacted: boolean | null;
  visit_resolved: boolean | null;
  visit_remark: string | null;
  assessment_type: string | null;
  tichu_type: string | null;
  is_key_appeal: Generated<boolean>;
  is_supervised: Generated<boolean>;
  merged_into_id: number | null;
  is_second_visit: Generated<boolean>;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  visit_host_contacted: boolean | null;
  supervise_count: Generated<number>;
  remarks: Generated<string>;
  co_host_unit_ids: Generated<number[]>;
  source_ref: string | null;
}

/** An order's search text (migration 036), written by a trigger on work_orders only. */
export interface OrderSearchTable {
  order_id: number;
  call_time: Timestamp;
  search_text: string;
}

export interface OrderLocksTable {
  order_id: number;
  user_id: number;
  locked_at: Timestamp;
  expires_at: Timestamp;
}

export interface OrderRequestsTable {
  id: Generated<number>;
  order_id: number;
  kind: 'extension' | 'exclusion';
  status: Generated<number>;
  hours: number | null;
  tichu_type: string | null;
  reason: string;
  requested_by: number;
  requested_unit_id: number | null;
  decided_by: number | null;
  decision_comment: string | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
}

export interface OrderVisitsTable {
  id: Generated<number>;
  order_id: number;
  attempt: number;
  reached: boolean;
  host_contacted: boolean | null;
  resolved: boolean | null;
  satisfaction: string | null;
  remark: Generated<string>;
  visitor_id: number | null;
  created_at: Timestamp;
}

export interface OrderMergesTable {
  order_id: number;
  into_order_id: number;
  merged_by: number | null;
  reason: Generated<string>;
  created_at: Timestamp;
}

export interface UserPrefsTable {
  user_id: number;
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: DefaultTimestamp;
}

export interface IntegrationKeysTable {
  id: Generated<number>;
  name: string;
  key_hash: string;
  created_at: DefaultTimestamp;
  revoked_at: Timestamp | null;
}

export interface OrderAssignmentsTable {
  id: Generated<number>;
  order_id: number;
  unit_id: number;
  role: 'host' | 'cohost';
  status: Generated<number>;
  active: Generated<boolean>;
  assigned_at: DefaultTimestamp;
  signed_at: Timestamp | null;
  replied_at: Timestamp | null;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  action: string;
  actor_id: number | null;
  actor_unit_id: number | null;
  from_state: ColumnType<unknown, string | null, string | null>;
  to_state: ColumnType<unknown, string | null, string | null>;
  comment: Generated<string>;
  created_at: DefaultTimestamp;
}

export interface OrderAttachmentsTable {
  id: Generated<number>;
  order_id: number | null;
  event_id: number | null;
  file_name: string;
  stored_path: string;
  mime_type: string;
  size_bytes: number;
  file_auth_type: Generated<number>;
  created_by: number | null;
  createtime: DefaultTimestamp;
}

// --- intake (migration 005) ---
export interface OrderNumberCountersTable {
  prefix: string;
  day: string;
  last: number;
}
// --- end intake ---

export interface Database {
  units: UnitsTable;
  users: UsersTable;
  auth_groups: AuthGroupsTable;
  user_groups: UserGroupsTable;
  sessions: SessionsTable;
  session_tokens: SessionTokensTable;
  sms_codes: SmsCodesTable;
  sso_used_tokens: SsoUsedTokensTable;
  server_keys: ServerKeysTable;
  menus: MenusTable;
  config_groups: ConfigGroupsTable;
  config: ConfigTable;
  problem_categories: ProblemCategoriesTable;
  search_links: SearchLinksTable;
  error_logs: ErrorLogsTable;
  work_orders: WorkOrdersTable;
  order_search: OrderSearchTable;
  order_assignments: OrderAssignmentsTable;
  order_events: OrderEventsTable;
  order_attachments: OrderAttachmentsTable;
  order_locks: OrderLocksTable;
  order_requests: OrderRequestsTable;
  order_visits: OrderVisitsTable;
  order_merges: OrderMergesTable;
  user_prefs: UserPrefsTable;
  integration_keys: IntegrationKeysTable;
  order_number_counters: OrderNumberCountersTable; // intake (migration 005)
}

export type UserRow = Selectable<UsersTable>;
export type UnitRow = Selectable<UnitsTable>;
export type MenuRow = Selectable<MenusTable>;
export type ConfigRow = Selectable<ConfigTable>;
export type WorkOrderRow = Selectable<WorkOrdersTable>;
export type NewWorkOrder = Insertable<WorkOrdersTable>;
export type WorkOrderUpdate = Updateable<WorkOrdersTable>;

// --- work-order reads (migration 015; replaces 004's work_order_tallies) ---
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
export interface Database {
  queue_tallies: QueueTalliesTable;
  queue_clock_tallies: QueueClockTalliesTable;
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
export interface Database {
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
export interface Database {
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
export interface Database {
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
export interface Database {
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
export interface Database {
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
export interface Database {
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
export interface Database {
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
export interface Database {
  phrases: PhrasesTable;
}
// --- end common phrases ---

// --- Open311 GeoReport v2 (migration 025) ---
export interface WorkOrdersTable {
  /** WGS-84 latitude of the appeal, when the reporter gave one. */
  lat: number | null;
  long: number | null;
}
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
export interface Database {
  open311_requests: Open311RequestsTable;
}
// --- end Open311 ---

// --- status lookup (migration 026) ---
export interface TrackAttemptsTable {
  order_num: string;
  window_start: Timestamp;
  n: number;
}
export interface Database {
  track_attempts: TrackAttemptsTable;
}
// --- end status lookup ---

// --- citizen text messages (migration 028) ---
export interface WorkOrdersTable {
  /** The caller asked for no text messages about this order. */
  sms_opt_out: Generated<boolean>;
}
export interface CitizenSmsCountsTable {
  phone: string;
  /** yyyymmdd, China time. */
  day: string;
  n: number;
}
export interface Database {
  citizen_sms_counts: CitizenSmsCountsTable;
}
// --- end citizen text messages ---
