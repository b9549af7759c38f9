import type { Db } from '../../context';
import { recordAudit, type AuditActor } from '../audit';
import type { AuthContext } from '../auth/auth-context';

/**
 * The `export.start` rows of the audit log: who started which export, of how many rows, with
 * which row filter. Written where an export starts (XLSX, CSV job, Word case sheets; the
 * assessment board's XLSX calls it too), in the transaction of the export's history row where
 * there is one.
 */

export interface ExportStart {
  /** Which export: `orders` (the order lists), `kanban` (the assessment board), `audit`. */
  export: string;
  format: 'xlsx' | 'csv' | 'docx';
  rows: number;
  /** The export history row (export_records), when there is one. */
  recordId?: number | null;
  fileName?: string | null;
  /** The row filter as asked (empty values left out). */
  filter?: Record<string, unknown>;
  /** Orders picked by id (their count goes into the row, not the ids). */
  orderIds?: readonly number[] | null;
}

/** The filter without its empty values: what narrowed the rows. */
export function filterSummary(filter: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filter).filter(
      ([, v]) =>
        v !== undefined &&
        v !== null &&
        v !== '' &&
        !(Array.isArray(v) && v.length === 0) &&
        !(typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0),
    ),
  );
}

/** The audit actor of an export started without a request at hand (no address). */
export const exportActor = (auth: AuthContext): AuditActor => ({
  id: auth.userId,
  name: auth.username,
  ip: '',
});

export async function auditExportStart(db: Db, actor: AuditActor, e: ExportStart): Promise<void> {
  const detail: Record<string, unknown> = {
    export: e.export,
    format: e.format,
    rows: e.rows,
    filter: filterSummary(e.filter ?? {}),
  };
  if (e.orderIds) detail.orderIds = e.orderIds.length;
  await recordAudit(db, actor, {
    action: 'export.start',
    target: {
      type: 'export',
      id: e.recordId ?? e.export,
      ...(e.fileName ? { name: e.fileName } : {}),
    },
    detail,
  });
}
