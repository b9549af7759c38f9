import type { Db } from '../context';
import type { DemoOrg } from './demo-org';

/**
 * A few common phrases (常用语) for the demo: shared ones for the district centre and the
 * first street, town and department, and two of street1's own. Demo data only.
 */

type Category = 'any' | 'reply' | 'review' | 'visit' | 'reason';

const HANDLER_SHARED: ReadonlyArray<[Category, string]> = [
  ['reply', '经核实，已安排工作人员到现场处理，问题已解决，并已电话告知市民处理结果。'],
  ['reply', '已与市民联系沟通，市民对处理情况表示认可。'],
  ['reason', '该事项不属于我单位职责范围，建议转派至相关主管部门办理。'],
  ['reason', '需协调多个部门共同处理，办理周期较长，申请延期办理。'],
  ['any', '感谢您的来电，我们将尽快为您处理。'],
];

const DISTRICT_SHARED: ReadonlyArray<[Category, string]> = [
  ['review', '同意。办理过程清楚，结果已告知市民。'],
  ['review', '不同意：办理结果未说明具体措施，请补充后重新提交。'],
  ['visit', '市民表示问题已解决，对办理结果满意。'],
  ['visit', '多次拨打电话无人接听，未能联系到市民。'],
  ['any', '感谢您的来电，我们将尽快为您处理。'],
];

const STREET1_OWN: ReadonlyArray<[Category, string]> = [
  ['reply', '已联系社区网格员上门核实，情况属实，已督促物业限期整改。'],
  ['any', '望湖街道接诉即办办公室 张海燕'],
];

export async function seedDemoPhrases(db: Db, org: DemoOrg, now: Date): Promise<void> {
  const handlerUnits = [org.streetIds[0], org.townIds[0], org.departmentIds[0]].filter(
    (id): id is number => id !== undefined,
  );
  const rows = [
    ...DISTRICT_SHARED.map(([category, text], i) => ({
      scope: 'unit' as const,
      unit_id: org.districtId,
      user_id: null,
      category,
      text,
      sort: i,
    })),
    ...handlerUnits.flatMap((unitId) =>
      HANDLER_SHARED.map(([category, text], i) => ({
        scope: 'unit' as const,
        unit_id: unitId,
        user_id: null,
        category,
        text,
        sort: i,
      })),
    ),
    ...STREET1_OWN.map(([category, text], i) => ({
      scope: 'user' as const,
      unit_id: null,
      user_id: org.userIds.street1,
      category,
      text,
      sort: i,
    })),
  ];
  await db
    .insertInto('phrases')
    .values(rows.map((r) => ({ ...r, created_at: now, updated_at: now })))
    .execute();
}
