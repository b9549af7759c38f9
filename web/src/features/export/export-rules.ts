import { EXPORT_COLUMNS, type ExportGroup } from '@hotline/domain';

/** Pure rules of the export dialog (unit-tested in web/test/export-rules.test.ts). */

/** The body of exportExcel / initCsv from the list's state. */
export function exportRequestBody(
  columns: readonly string[],
  filter: Record<string, unknown>,
  menuId: string | undefined,
  selectedIds: readonly number[] | undefined,
) {
  const { pageNo: _p, pageSize: _s, ...rest } = filter;
  return {
    columns: [...columns],
    filter: { ...rest, ...(menuId ? { menuId } : {}) },
    ...(selectedIds && selectedIds.length > 0 ? { ids: [...selectedIds] } : {}),
  };
}

/** The picked columns with one group's picks replaced, in catalogue order. */
export function replaceGroup(
  picked: readonly string[],
  group: ExportGroup,
  keys: readonly string[],
): string[] {
  const next = new Set(
    picked.filter((k) => EXPORT_COLUMNS.find((c) => c.key === k)?.group !== group),
  );
  keys.forEach((k) => next.add(k));
  return EXPORT_COLUMNS.filter((c) => next.has(c.key)).map((c) => c.key);
}

/** A running job's progress in percent; 100 only when done. */
export function jobPercent(job: { status: string; rows: number; total: number | null }): number {
  if (job.status === 'done') return 100;
  if (!job.total) return 0;
  return Math.min(99, Math.floor((job.rows / job.total) * 100));
}
