import type { OrderEdits } from '@hotline/contract';
import { isDispatcher, isHostOf, type Actor, type OrderState } from '@hotline/domain';
import type { Db } from '../../../context';
import type { WorkOrderRow, WorkOrderUpdate } from '../../../db/schema';
import { badRequest } from '../../../http/app-error';
import * as repo from './action.repository';

/**
 * Field edits (action 'edit'). The domain says who may edit an order and when; this file says
 * which fields each role may change, checks the references, and writes the audit comment
 * "field: old → new; …".
 */

type Field = keyof OrderEdits;
type Value = string | number | string[] | null;

const COLUMN: Record<Field, keyof WorkOrderRow & keyof WorkOrderUpdate> = {
  title: 'title',
  majorContent: 'major_content',
  address: 'address',
  categoryId: 'category_id',
  urgency: 'urgency',
  orderNature: 'order_nature',
  callerName: 'caller_name',
  callerPhone: 'caller_phone',
  communityUnitId: 'community_unit_id',
  remarks: 'remarks',
  labels: 'labels',
  sevenFiveCategory: 'seven_five_category',
  riskLevel: 'risk_level',
};

/** WORKFLOW section 8: the district corrects the case; the host only where and for whom. */
const DISPATCHER_FIELDS: readonly Field[] = [
  'title',
  'majorContent',
  'address',
  'categoryId',
  'urgency',
  'orderNature',
  'callerName',
  'callerPhone',
  'labels',
  'sevenFiveCategory',
  'riskLevel',
  'remarks',
];
const HOST_FIELDS: readonly Field[] = ['address', 'communityUnitId', 'remarks'];

export interface EditPlan {
  /** The fields whose value really changes, in request order. */
  fields: Field[];
  columns: WorkOrderUpdate;
  comment: string;
}

const normalise = (field: Field, value: unknown): Value => {
  if (field === 'sevenFiveCategory' && value === '') return null;
  return value as Value;
};
const same = (a: Value, b: Value) => JSON.stringify(a) === JSON.stringify(b);
const shown = (v: Value) =>
  v === null || v === '' ? '—' : Array.isArray(v) ? v.join('、') || '—' : String(v);

/** What the request would change on this row; unchanged fields drop out. */
export function planEdit(row: WorkOrderRow, edits: OrderEdits): EditPlan {
  const fields: Field[] = [];
  const columns: Record<string, Value> = {};
  const notes: string[] = [];
  for (const field of Object.keys(edits) as Field[]) {
    if (!(field in COLUMN) || edits[field] === undefined) continue;
    const column = COLUMN[field];
    const next = normalise(field, edits[field]);
    const current = row[column] as Value;
    if (same(current, next)) continue;
    fields.push(field);
    columns[column] = next;
    notes.push(`${field}: ${shown(current)} → ${shown(next)}`);
  }
  return { fields, columns: columns as WorkOrderUpdate, comment: notes.join('; ') };
}

/** Role per field, then the references (category level 3, community of the host unit). */
export async function checkEdit(
  trx: Db,
  plan: EditPlan,
  actor: Actor,
  order: OrderState,
): Promise<void> {
  const allowed = new Set<Field>([
    ...(isDispatcher(actor) ? DISPATCHER_FIELDS : []),
    ...(isHostOf(actor, order) ? HOST_FIELDS : []),
  ]);
  const refused = plan.fields.find((f) => !allowed.has(f));
  if (refused) throw badRequest('order.fieldNotEditable', { field: refused });

  const categoryId = plan.columns.category_id;
  if (typeof categoryId === 'number' && (await repo.categoryLevel(trx, categoryId)) !== 3) {
    throw badRequest('order.categoryInvalid');
  }
  const communityId = plan.columns.community_unit_id;
  if (typeof communityId === 'number') {
    const [unit] = await repo.unitsByIds(trx, [communityId]);
    const kindOk = unit?.kind === 'community' || unit?.kind === 'village';
    const underHost = order.hostUnitId === null || unit?.parent_id === order.hostUnitId;
    if (!kindOk || !underHost) throw badRequest('order.communityInvalid');
  }
}
