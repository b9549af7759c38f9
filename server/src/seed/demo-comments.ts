/** The comments and reasons demo staff write when they act on an order. Everyone is fictional. */

export const REFUSE_REASONS = [
  '经核实该地址不属于本区管辖范围，请市级重新派发',
  '诉求地址不详，无法确认管辖权属',
  '该诉求属于市级部门职权范围，建议转市级部门办理',
];
export const RETURN_REASONS = [
  '经现场核实，该点位不属于本单位辖区，申请退回重新派发',
  '该事项属于行业主管部门职责，非本单位职权范围',
  '诉求地址为单位自管产权，不属于本单位管理范围',
];
export const APPROVE_RETURN_COMMENTS = ['同意退回，重新派发', '退回理由充分，同意'];
export const RETURN_TO_CITY_COMMENTS = [
  '非本区职责，退回市级重新派发',
  '经核实诉求地址在邻区，退回市级',
];
export const REJECT_REPLY_COMMENTS = [
  '答复内容过于简单，未说明具体处理措施，请补充',
  '未联系来电人，请联系后重新答复',
  '答复与诉求不符，请重新核实办理',
];
export const VISIT_FAILURES = [
  '电话无人接听',
  '电话关机',
  '电话占线',
  '来电人表示不方便接听，稍后再联系',
];
export const VISIT_REMARKS: Readonly<
  Record<'satisfied' | 'basic' | 'unsatisfied', readonly string[]>
> = {
  satisfied: ['来电人表示问题已解决，对办理结果满意', '来电人对工作人员的态度和效率表示满意'],
  basic: ['来电人表示问题基本解决，但处理速度较慢', '来电人表示基本满意，希望后续加强管理'],
  unsatisfied: ['来电人表示问题未解决，对办理结果不满意', '来电人表示没有人联系过他，问题依旧'],
};
export const TICHU_TYPES = ['重复件', '无效诉求', '非本区职责', '政策限制类诉求'];
export const KEY_APPEAL_COMMENTS = ['涉及群众切身利益，列为重点诉求', '反映问题集中，列为重点跟踪'];
export const SUPERVISE_COMMENTS = [
  '请承办单位加快办理进度，按时答复',
  '来电人多次反映，请高度重视并尽快处理',
  '该诉求社会关注度高，请主要负责同志督办',
];
export const EXTENSION_REASONS = [
  '需协调多个部门联合处置，申请延长办理时限',
  '涉及施工维修，需等待材料到位，申请延期',
  '需走访核实相关情况，申请延长办理时限',
];
export const APPROVE_EXTENSION_COMMENTS = ['情况属实，同意延期', '同意延期，请按期办结'];
export const REJECT_EXTENSION_COMMENTS = ['延期理由不充分，请按原时限办理'];
export const EXCLUSION_REASONS = [
  '经核实该诉求与已办结工单重复，申请剔除考核',
  '诉求内容不属于本单位职责，申请剔除考核',
  '该诉求受现行政策限制无法解决，申请剔除考核',
];
export const APPROVE_EXCLUSION_COMMENTS = ['经审核同意剔除', '情况属实，同意不纳入考核'];
export const REHANDLE_COMMENTS = ['回访不满意且未解决，重新办理'];
export const CLOSE_UNREACHABLE_COMMENTS = ['三次回访均未接通，按无效回访办结'];
