import { EXPORT_COLUMNS, EXPORT_GROUPS } from '@hotline/domain';

/**
 * The report service's templates (spec section 7: "a report service path serves print/export
 * templates"): the A4 print template of a case sheet (HTML with {{field}} placeholders, the
 * fields of getOrder's `order`), the export template (the column catalogue with groups and
 * headers) and the assessment table's columns. External report tools fetch them with a token
 * from POST /api/report/gentoken.
 */

const PRINT_FIELDS: readonly [string, string][] = [
  ['orderNum', '工单编号'],
  ['districtCaseNum', '区案件编号'],
  ['title', '标题'],
  ['callerName', '诉求人'],
  ['callerPhone', '联系电话'],
  ['address', '事发地址'],
  ['categoryPath', '问题分类'],
  ['organizerName', '主办单位'],
  ['subordinateName', '协办单位'],
  ['callTime', '来电时间'],
  ['deadline', '办理截止时间'],
  ['majorContent', '诉求内容'],
  ['replyContent', '办理结果'],
];

const ORDER_PRINT = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>{{orderNum}}</title>
<style>
@page { size: A4; margin: 18mm 15mm; }
body { font-family: "SimSun", "Noto Serif CJK SC", serif; font-size: 11pt; color: #000; }
h1 { text-align: center; font-size: 16pt; margin: 0 0 6mm; }
table { width: 100%; border-collapse: collapse; page-break-inside: auto; }
th, td { border: 1px solid #000; padding: 2mm; vertical-align: top; }
th { width: 25%; text-align: left; font-weight: bold; }
tr { page-break-inside: avoid; }
</style></head><body>
<h1>12345 接诉即办工单办理单</h1>
<table>
${PRINT_FIELDS.map(([key, label]) => `<tr><th>${label}</th><td>{{${key}}}</td></tr>`).join('\n')}
</table>
<h2>办理过程</h2>
<table><thead><tr><th>时间</th><th>操作</th><th>操作人</th><th>说明</th></tr></thead>
<tbody>{{#timeline}}<tr><td>{{time}}</td><td>{{action}}</td><td>{{actorName}}</td><td>{{comment}}</td></tr>{{/timeline}}</tbody></table>
</body></html>
`;

export interface ReportTemplate {
  name: string;
  contentType: string;
  body: () => string;
}

export const REPORT_TEMPLATES: readonly ReportTemplate[] = [
  { name: 'order-print', contentType: 'text/html; charset=utf-8', body: () => ORDER_PRINT },
  {
    name: 'order-export',
    contentType: 'application/json; charset=utf-8',
    body: () => JSON.stringify({ groups: EXPORT_GROUPS, columns: EXPORT_COLUMNS }),
  },
  {
    name: 'kanban',
    contentType: 'application/json; charset=utf-8',
    body: () =>
      JSON.stringify({
        columns: [
          'group',
          'rank',
          'name',
          'volume',
          'signedOnTime',
          'signRate',
          'replied',
          'repliedOnTime',
          'replyRate',
          'overdue',
          'valid',
          'contacted',
          'resolved',
          'satisfied',
          'basic',
          'excluded',
          'responseRate',
          'resolutionRate',
          'satisfactionRate',
          'score',
        ],
        weights: { response: 10, resolution: 50, satisfaction: 40 },
      }),
  },
];

export const TEMPLATE_NAMES = REPORT_TEMPLATES.map((t) => t.name);
