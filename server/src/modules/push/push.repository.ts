import type { Db } from '../../context';

/** SQL of the push channel: session liveness for bound sockets. */

export async function sessionEnd(db: Db, sessionId: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('expires_at')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.expires_at;
}

/** Of these sessions, those still alive: not revoked, not past their end, user not disabled. */
export async function aliveSessions(
  db: Db,
  ids: readonly string[],
  now: Date,
): Promise<Set<string>> {
  const alive = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select('s.id')
      .where('s.id', 'in', ids.slice(i, i + 1000))
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where('u.disabled', '=', false)
      .execute();
    for (const r of rows) alive.add(r.id);
  }
  return alive;
}
