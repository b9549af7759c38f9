/**
 * Texts of the common phrases (key `phrases`): the management page and the picker beside the
 * long text fields. The English texts are in `en/phrases.ts` (same keys, checked by the type).
 */
export const zh = {
  title: '常用语',
  lead: '在答复、审核、回访和各类理由的输入框旁点“常用语”（或在输入框中按 Alt+P）即可插入到光标处。',
  mine: '我的常用语',
  unit: '本单位共享（{{unit}}）',
  unitReadOnly: '本单位共享的常用语由管理员或有“单位常用语管理”权限的用户维护。',
  add: '新增常用语',
  edit: '编辑常用语',
  text: '内容',
  category: '适用场景',
  sort: '排序',
  updatedAt: '更新时间',
  actions: '操作',
  editAction: '编辑',
  delete: '删除',
  deleteConfirm: '删除这条常用语？',
  saved: '已保存',
  deleted: '已删除',
  textRequired: '请填写常用语内容',
  empty: '还没有常用语',
  loadError: '常用语加载失败',
  categories: {
    any: '通用',
    reply: '答复/办理结果',
    review: '审核意见',
    visit: '回访',
    reason: '理由（退回、延期等）',
  },
  picker: {
    button: '常用语',
    hint: '插入常用语（Alt+P）',
    search: '搜索常用语',
    mine: '我的',
    unit: '本单位',
    none: '没有可用的常用语',
    manage: '管理常用语',
    keys: '↑↓ 选择 · Enter 插入 · Esc 关闭',
  },
};
