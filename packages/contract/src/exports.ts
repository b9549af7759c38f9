import { z } from 'zod';
import { EXPORT_COLUMN_KEYS, EXPORT_FORMATS } from '@hotline/domain';
import { envelope, idList, intField, paging } from './common';
import { endpoint } from './endpoint';
import { listBody } from './work-order-reads';
import { orderDetail, type OrderDetail } from './work-order-reads-detail';

/**
 * Exports, print and the export history (spec section 7 "Export"; docs/api.md "Exports and
 * reports"). The filter is the body of `lists/search` — the same queue, filters and row scope.
 */

/** Forms send the filter as JSON text; both shapes are accepted. */
const jsonObject = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

const KNOWN = new Set(EXPORT_COLUMN_KEYS);
export const exportColumns = z
  .preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '')
        : v,
    z.array(z.string().max(40)).min(1).max(EXPORT_COLUMN_KEYS.length),
  )
  .superRefine((keys, ctx) => {
    const unknown = keys.find((k) => !KNOWN.has(k));
    if (unknown !== undefined) {
      ctx.addIssue({ code: 'custom', message: `valid.exportColumn|${unknown}` });
    }
  });

export const exportBody = z.object({
  columns: exportColumns,
  /** The list's body (lists/search); absent = every order in the caller's scope. */
  filter: z.preprocess(jsonObject, listBody).optional(),
  /** Only these orders (a selection), still within the filter and scope. */
  ids: idList(10_000).optional(),
});
export type ExportBody = z.output<typeof exportBody>;

/** `expired`: a finished CSV job whose file was deleted after the retention period. */
export const EXPORT_JOB_STATES = ['queued', 'running', 'done', 'failed', 'expired'] as const;

export const exportRecord = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  format: z.enum([...EXPORT_FORMATS, 'print']),
  status: z.enum(EXPORT_JOB_STATES),
  rows: z.number().int(),
  total: z.number().int().nullable(),
  masked: z.boolean(),
  columns: z.array(z.string()),
  filter: z.record(z.string(), z.unknown()),
  fileName: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Where a finished CSV job is downloaded (GET, bearer token). */
  downloadUrl: z.string().nullable(),
});
export type ExportRecord = z.infer<typeof exportRecord>;

export const initCsvResponse = envelope(z.object({ job: exportRecord }));

export const exportCsvQuery = z.object({ jobId: intField((n) => n.positive()) });

export const queryExportInfoBody = z.object({
  /** One job (progress polling); without it the caller's export history. */
  jobId: intField((n) => n.positive()).optional(),
  /** Administrators: everyone's exports (the audit); others always see their own. */
  all: z
    .preprocess(
      (v) => (v === '1' || v === 1 ? true : v === '0' || v === 0 ? false : v),
      z.boolean(),
    )
    .optional(),
  ...paging(100, 20),
});
export const queryExportInfoResponse = envelope(
  z.object({
    job: exportRecord.optional(),
    list: z.array(exportRecord).optional(),
    totalCount: z.number().int().optional(),
  }),
);

export const exportWordBody = z
  .object({ id: intField((n) => n.positive()).optional(), ids: idList(50).optional() })
  .refine((b) => b.id !== undefined || b.ids !== undefined, {
    message: 'valid.idOrIds',
    path: ['id'],
  });

export const getOrderBody = z.object({ id: intField((n) => n.positive()) });

/** The print data of one order: its detail without abilities. */
export const printData = orderDetail
  .omit({ abilities: true })
  .extend({ masked: z.boolean(), printedAt: z.string() });
export type PrintData = z.infer<typeof printData>;
export const printDataResponse = envelope(printData);

/**
 * The case sheet's fields, in order, with their labels (zh, en): the Word export
 * (word.service.ts) and the console's print sheet (PrintSheet.tsx) show the same ones.
 */
export const CASE_SHEET_FIELDS: readonly [keyof OrderDetail['order'], string, string][] = [
  ['orderNum', '工单编号', 'Order number'],
  ['districtCaseNum', '区案件编号', 'District case number'],
  ['title', '标题', 'Title'],
  ['callerName', '诉求人', 'Caller'],
  ['callerPhone', '联系电话', 'Phone'],
  ['address', '事发地址', 'Address'],
  ['categoryPath', '问题分类', 'Category'],
  ['organizerName', '主办单位', 'Host unit'],
  ['subordinateName', '协办单位', 'Co-hosts'],
  ['callTime', '来电时间', 'Call time'],
  ['dispatchTime', '派单时间', 'Dispatch time'],
  ['deadline', '办理截止时间', 'Deadline'],
  ['majorContent', '诉求内容', 'Content'],
];

const tags = ['exports'];
const BASE = '/addons/jsjb/export';

export const exportEndpoints = {
  exportExcel: endpoint({
    method: 'POST',
    paths: [`${BASE}/exportExcel`],
    summary: 'The filtered list (lists/search body in `filter`) with the chosen columns as XLSX',
    tags,
    access: 'user',
    body: exportBody,
    response: null,
  }),
  initCsv: endpoint({
    idempotent: true,
    method: 'POST',
    paths: [`${BASE}/initCsv`],
    summary: 'Start a background CSV export of the filtered list; poll queryExportInfo {jobId}',
    tags,
    access: 'user',
    body: exportBody,
    response: initCsvResponse,
  }),
  exportCsv: endpoint({
    method: 'GET',
    paths: [`${BASE}/exportCsv`, '/addons/jsjb/exports/exportCsv'],
    summary: 'Download the finished CSV of a job',
    tags,
    access: 'user',
    query: exportCsvQuery,
    response: null,
  }),
  queryExportInfo: endpoint({
    method: 'POST',
    paths: [`${BASE}/queryExportInfo`, '/addons/jsjb/queryExportInfo'],
    summary: 'One export job ({jobId}) or the export history (own; administrators: all=1)',
    tags,
    access: 'user',
    body: queryExportInfoBody,
    response: queryExportInfoResponse,
  }),
  exportWord: endpoint({
    method: 'POST',
    paths: [`${BASE}/exportWord`],
    summary: 'Case sheets of one order or a selection (≤ 50) as DOCX',
    tags,
    access: 'user',
    body: exportWordBody,
    response: null,
  }),
  getOrder: endpoint({
    method: 'POST',
    paths: [`${BASE}/getOrder`],
    summary: 'The data of one order for printing (audited)',
    tags,
    access: 'user',
    body: getOrderBody,
    response: printDataResponse,
  }),
};
