import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Cond, QueueContext } from '@hotline/domain';
import type { Database } from '../../../db/schema';
import { queueConds } from './queue-sql';

/**
 * Queue counts from work_order_tallies (migration 004: orders per source, status, host status
 * and host unit, kept by a trigger). A queue can be counted there when its conditions speak
 * only of status, host status and "hosted by the viewer's unit" — the completed and returned
 * queues, which otherwise grow with all of history. The conditions compile exactly as in
 * queue-sql.ts, over the tally's columns of the same names.
 */
type TallyEb = ExpressionBuilder<Database, 'work_order_tallies'>;

function expressible(cond: Cond): boolean {
  if (cond.kind === 'in') return cond.field === 'status' || cond.field === 'mainOrgStatus';
  if (cond.kind === 'hostIsViewer') return true;
  if (cond.kind === 'any') return cond.of.every(expressible);
  return false;
}

export function talliable(queueId: string): boolean {
  return queueConds(queueId).every(expressible);
}

function tallyCond(eb: TallyEb, cond: Cond, ctx: QueueContext): Expression<SqlBool> {
  switch (cond.kind) {
    case 'in':
      return eb(
        cond.field === 'status'
          ? 'work_order_tallies.status'
          : 'work_order_tallies.main_org_status',
        'in',
        [...cond.values],
      );
    case 'hostIsViewer':
      return eb('work_order_tallies.host_unit_id', '=', ctx.viewerUnitId);
    case 'any':
      return eb.or(cond.of.map((c) => tallyCond(eb, c, ctx)));
    default:
      throw new Error(`condition ${cond.kind} is not in the tally`);
  }
}

/** WHERE of one talliable queue over work_order_tallies. */
export function tallyWhere(queueId: string, ctx: QueueContext) {
  const conds = queueConds(queueId);
  return (eb: TallyEb) => eb.and(conds.map((c) => tallyCond(eb, c, ctx)));
}
