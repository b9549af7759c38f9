/**
 * Texts of the keyboard shortcuts (key `shortcuts`): the `?` help dialog and the tooltips.
 * English in `en/shortcuts.ts` (same keys).
 */
export const zh = {
  title: '键盘快捷键',
  listTitle: '工单列表',
  detailTitle: '工单详情',
  note: '在输入框中输入时快捷键不生效；按 Esc 关闭对话框或取消正在填写的操作。',
  /** Beside a button's name in its tooltip. */
  key: '快捷键 {{key}}',
  list: {
    down: '下移一行',
    up: '上移一行',
    open: '打开选中的工单',
    help: '显示快捷键',
  },
  detail: {
    sign: '签收',
    dispatch: '派单',
    reply: '答复',
    approve: '审核通过（答复、退回、延期、剔除申请）',
    reject: '驳回',
    visit: '回访',
    return: '申请退回',
    extension: '申请延期',
    close: '结案',
    note: '添加备注',
    cancel: '取消正在填写的操作 / 关闭对话框',
    submit: '提交正在填写的操作',
    phrases: '在输入框中插入常用语',
    help: '显示快捷键',
  },
};
