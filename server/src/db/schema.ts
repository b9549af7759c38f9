import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { DefaultTimestamp, Timestamp } from './schema-columns';
import type { FeatureTables } from './schema-features';

/**
 * Row types of server/migrations, for Kysely. Keep in step with the SQL. The core tables (the
 * first migrations) are here; the tables of later features are in schema-features.ts.
 */

export * from './schema-features';

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
  /** WGS-84 latitude of the appeal, when the reporter gave one (Open311, migration 025). */
  lat: number | null;
  long: number | null;
  /** The caller asked for no text messages about this order (migration 028). */
  sms_opt_out: Generated<boolean>;
}

/** An order's search text (migration 036), written by a trigger on work_orders only. */
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

export interface Database extends FeatureTables {
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
