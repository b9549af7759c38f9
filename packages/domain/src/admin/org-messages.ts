/**
 * Server messages of the administration (org part: units, problem categories, roles), both
 * languages. A key whose text starts with a field name ("parentId: …") is a 400 that names
 * the field the way a schema failure does.
 */
export const ADMIN_ORG_MESSAGES = {
  'unit.parentInvalid': { zh: 'parentId: 上级单位不符：{reason}', en: 'parentId: {reason}' },
  'unit.parentDisabled': { zh: '上级单位已停用', en: 'the parent unit is disabled' },
  'unit.moveUnderItself': {
    zh: '单位不能移到自身或其下级单位之下',
    en: 'a unit cannot move under itself or one of its own sub-units',
  },
  'unit.nameTaken': {
    zh: 'name: 同一上级单位下已有名为「{name}」的单位',
    en: 'name: the parent unit already has a unit named {name}',
  },
  'unit.codeTaken': {
    zh: 'code: 编码 {code} 已被其他单位使用',
    en: 'code: {code} is already the code of another unit',
  },
  'unit.enableParentDisabled': {
    zh: '上级单位「{parent}」已停用，请先启用上级单位',
    en: 'the parent unit {parent} is disabled: enable it first',
  },
  'unit.disableBlocked': {
    zh: '不能停用「{name}」：仍有{reasons}。请先调整后再停用',
    en: 'cannot disable {name}: it still has {reasons}; move or finish them first',
  },
  'unit.deleteBlocked': {
    zh: '不能删除「{name}」：仍有{reasons}引用该单位。可改为停用',
    en: 'cannot delete {name}: {reasons} still refer to it; disable it instead',
  },
  'unit.stillReferenced': {
    zh: '不能删除「{name}」：仍有其他记录引用该单位。可改为停用',
    en: 'cannot delete {name}: other records still refer to it; disable it instead',
  },
  // The parts of the refusals above ({n}: a count; "1000+" when there are more).
  'unit.refEnabledUsers': { zh: '{n} 名启用的用户', en: '{n} enabled users' },
  'unit.refEnabledSubUnits': { zh: '{n} 个启用的下级单位', en: '{n} enabled sub-units' },
  'unit.refOpenOrders': {
    zh: '{n} 件其主办或协办的未办结工单',
    en: '{n} open orders it hosts or co-hosts',
  },
  'unit.refUsers': { zh: '{n} 名用户（含已停用）', en: '{n} users (disabled ones included)' },
  'unit.refSubUnits': {
    zh: '{n} 个下级单位（含已停用）',
    en: '{n} sub-units (disabled ones included)',
  },
  'unit.refHostOrders': { zh: '{n} 件其主办的工单', en: '{n} orders it hosts' },
  'unit.refCoHostOrders': { zh: '{n} 件其协办的工单', en: '{n} orders it co-hosts' },
  'unit.refAssignments': { zh: '派单记录', en: 'dispatch records' },
  'unit.refCommunityOrders': {
    zh: '以其为所属社区（村）的工单',
    en: 'orders naming it as their community',
  },
  'unit.refEvents': { zh: '工单办理记录', en: 'order history entries' },
  'unit.refRequests': { zh: '延期或剔除申请', en: 'extension or exclusion requests' },
  'unit.refExports': { zh: '导出记录', en: 'export records' },

  'category.notFound': { zh: '问题分类不存在', en: 'no such problem category' },
  'category.tooDeep': {
    zh: 'parentId: 问题分类最多 {max} 级，不能在三级分类下再建分类',
    en: 'parentId: problem categories have at most {max} levels',
  },
  'category.parentLevel': {
    zh: 'parentId: 上级须为第 {level} 级分类',
    en: 'parentId: the parent must be a level-{level} category',
  },
  'category.topLevelStays': {
    zh: 'parentId: 一级分类只能位于最顶层',
    en: 'parentId: a level-1 category stays at the top',
  },
  'category.parentDisabled': { zh: '上级分类已停用', en: 'the parent category is disabled' },
  'category.nameTaken': {
    zh: 'name: 同一上级分类下已有名为「{name}」的分类',
    en: 'name: the parent category already has a category named {name}',
  },
  'category.codeTaken': {
    zh: 'code: 编码 {code} 已被其他分类使用',
    en: 'code: {code} is already the code of another category',
  },
  'category.enableParentDisabled': {
    zh: '上级分类「{parent}」已停用，请先启用上级分类',
    en: 'the parent category {parent} is disabled: enable it first',
  },

  'intake.categoryDisabled': {
    zh: '该问题分类已停用，请选择其他分类',
    en: 'this problem category is disabled: choose another one',
  },
  'intake.communityDisabled': {
    zh: '该社区（村）已停用',
    en: 'this community or village is disabled',
  },
  /** For the dispatch check: "hostUnitId: the unit 望湖街道 is disabled". */
  'unit.targetDisabled': {
    zh: '{field}: 单位「{name}」已停用，不能再派单',
    en: '{field}: the unit {name} is disabled and takes no new orders',
  },

  'group.builtin': {
    zh: '内置角色不能修改或删除，可新建自定义角色',
    en: 'a built-in role cannot be changed or deleted; create a custom role instead',
  },
  'group.unknownRules': {
    zh: 'rules: 以下规则不在权限目录中：{rules}',
    en: 'rules: not in the permission catalogue: {rules}',
  },
  'group.reservedName': {
    zh: 'name: 该名称为系统保留，请换一个',
    en: 'name: this name is reserved, choose another',
  },
} as const;
