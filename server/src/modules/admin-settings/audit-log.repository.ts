import { sql } from 'kysely';
import type { Db } from '../../context';

/** SQL of the audit log view (操作日志): filters, a page, and keyset chunks for the export. */

export interface AuditQuery {
  userId?: number | undefined;
  /** Exact (`login.failure`), or a prefix when it ends with a dot (`login.`). */
  action?: string | undefined;
  /** Part of the actor's user name or real name, the target's name or id, the address. */
  keyword?: string | undefined;
  /** Instants: from inclusive, to exclusive. */
  from?: Date | undefined;
  to?: Date | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(db: Db, q: AuditQuery) {
  let query = db.selectFrom('audit_log as a').leftJoin('users as u', 'u.id', 'a.actor_id');
  if (q.userId !== undefined) query = query.where('a.actor_id', '=', q.userId);
  if (q.action) {
    query = q.action.endsWith('.')
      ? query.where('a.action', 'like', `${escapeLike(q.action)}%`)
      : query.where('a.action', '=', q.action);
  }
  if (q.keyword) {
    const pattern = `%${escapeLike(q.keyword)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('a.actor_name', 'ilike', pattern),
        eb('u.realname', 'ilike', pattern),
        eb('a.target_name', 'ilike', pattern),
        eb('a.target_id', 'ilike', pattern),
        eb('a.ip', 'ilike', pattern),
      ]),
    );
  }
  if (q.from) query = query.where('a.at', '>=', q.from);
  if (q.to) query = query.where('a.at', '<', q.to);
  return query;
}

const COLUMNS = [
  'a.id',
  'a.at',
  'a.actor_id',
  'a.actor_name',
  'a.ip',
  'a.action',
  'a.target_type',
  'a.target_id',
  'a.target_name',
  'a.detail',
] as const;

export type AuditRow = Awaited<ReturnType<typeof listAudit>>['rows'][number];

export async function countAudit(db: Db, q: AuditQuery): Promise<number> {
  const { n } = await filtered(db, q)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** One page, newest first, with the actor's real name. */
export async function listAudit(db: Db, q: AuditQuery, page: { offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    filtered(db, q)
      .select([...COLUMNS, 'u.realname as actor_realname'])
      .orderBy('a.at', 'desc')
      .orderBy('a.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    countAudit(db, q),
  ]);
  return { rows, total };
}

/**
 * Every matching row, newest first, `size` at a time: keyset on (at, id), the cursor's time in
 * microseconds (a JS Date would drop them and skip rows of the same millisecond).
 */
export async function* auditChunks(db: Db, q: AuditQuery, size = 2000) {
  let after: { atUs: number; id: number } | null = null;
  for (;;) {
    let query = filtered(db, q).select([
      ...COLUMNS,
      'u.realname as actor_realname',
      sql<number>`(extract(epoch from a.at) * 1000000)::int8`.as('at_us'),
    ]);
    if (after) {
      const { atUs, id } = after;
      query = query.where((eb) =>
        eb(
          eb.refTuple('a.at', 'a.id'),
          '<',
          eb.tuple(sql<Date>`timestamptz 'epoch' + ${atUs} * interval '1 microsecond'`, id),
        ),
      );
    }
    const rows = await query.orderBy('a.at', 'desc').orderBy('a.id', 'desc').limit(size).execute();
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { atUs: last.at_us, id: last.id };
  }
}
