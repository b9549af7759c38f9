import type { z } from 'zod';
import type { AdminUser, userSession } from '@hotline/contract';
import type { AdminUserRow, SessionRow } from './admin-users.repository';

export type UserSession = z.input<typeof userSession>;
export type AdminUserDetail = AdminUser & { sessions: UserSession[] };

/** One user as the administration shows them; a lock past its end is no lock. */
export function presentAdminUser(row: AdminUserRow, now: Date): AdminUser {
  const locked = row.locked_until !== null && row.locked_until > now;
  return {
    id: row.id,
    username: row.username,
    realname: row.realname,
    mobile: row.mobile,
    unitId: row.unit_id,
    unitName: row.unit_name,
    unitKind: row.unit_kind,
    groupIds: row.group_ids.map(Number),
    groupTitles: row.group_titles,
    isAdmin: row.is_admin,
    extraRules: row.extra_rules,
    disabled: row.disabled,
    lockedUntil: locked ? row.locked_until!.toISOString() : null,
    mustChangePassword: row.must_change_password,
    lastLoginAt: row.last_login_at ? row.last_login_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}

/** A live session; `current` marks the caller's own. */
export function presentSession(row: SessionRow, callerSessionId: string | null): UserSession {
  return {
    id: row.id,
    method: row.method,
    ip: row.ip ?? '',
    userAgent: row.user_agent ?? '',
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    current: row.id === callerSessionId,
  };
}
