/** Refusals and notes of the work-order lifecycle, in both languages. */
export const LIFECYCLE_MESSAGES = {
  'order.notFound': { zh: '工单不存在', en: 'no such work order' },
  'order.outOfScope': { zh: '无权查看该工单', en: 'this work order is outside your scope' },
  'order.wrongState': {
    zh: '工单当前状态（{state}）不能执行“{action}”',
    en: 'the order is {state}: "{action}" does not apply now',
  },
  'order.roleRequired': { zh: '您的角色不能执行“{action}”', en: 'your role may not "{action}"' },
  'order.notYourUnit': {
    zh: '该工单不由您的单位承办',
    en: 'this order is not hosted by your unit',
  },
  'order.refuseExpired': {
    zh: '已超过拒签时限，不能拒签',
    en: 'the time to refuse this order has passed',
  },
  'order.reasonRequired': { zh: '请填写原因', en: 'a reason is required' },
  'order.commentRequired': { zh: '请填写审核意见', en: 'a review comment is required' },
  'order.replyRequired': { zh: '请填写办理结果', en: 'please fill in the handling result' },
  'order.visitResultRequired': {
    zh: '回访接通时须选择是否联系、是否解决及满意度',
    en: 'a reached visit needs contacted, resolved and satisfaction',
  },
  'order.hostRequired': { zh: '请选择主办单位', en: 'choose a host unit' },
  'order.hostIsCoHost': {
    zh: '主办单位不能同时为协办单位',
    en: 'the host unit cannot also be a co-host',
  },
  'order.hostInvalid': {
    zh: '承办单位须为街道、乡镇或区属部门',
    en: 'a host must be a street, a town or a department',
  },
  'order.lockedByOther': {
    zh: '工单已被 {name} 锁定，请稍后再试',
    en: 'the order is locked by {name}; try again later',
  },
  'order.notLockedByYou': {
    zh: '该工单不是由您锁定的',
    en: 'you do not hold the lock on this order',
  },
  'order.requestPending': {
    zh: '该工单已有待审批的申请',
    en: 'the order already has a request awaiting approval',
  },
  'order.noPendingRequest': {
    zh: '该工单没有待审批的{kind}申请',
    en: 'the order has no pending {kind} request',
  },
  'order.rehandleNotAllowed': {
    zh: '仅不满意且未解决的已答复或已办结工单可重办',
    en: 'only replied or closed orders visited as unsatisfied and unresolved may be re-handled',
  },
  'order.mergeTargetInvalid': {
    zh: '归集目标须为另一张未办结的工单',
    en: 'merge into another work order that is still open',
  },
  'order.extensionHours': {
    zh: '延期时长须为 1 到 720 小时',
    en: 'an extension is 1 to 720 hours',
  },
  'order.hostNotHandling': {
    zh: '承办单位仅在办理期间可修改工单或记录办理人',
    en: 'a host may change the order or its handler only while handling it',
  },
  'order.nothingToChange': { zh: '没有需要修改的内容', en: 'nothing to change' },
  'order.smsAlreadyOff': {
    zh: '该工单已关闭短信通知',
    en: 'text messages are already off for this order',
  },
  'order.smsAlreadyOn': {
    zh: '该工单的短信通知已开启',
    en: 'text messages are already on for this order',
  },
  'order.alreadyClaimed': {
    zh: '工单已由其他派单员领取',
    en: 'another dispatcher has already picked up this order',
  },
  'order.alreadyYours': {
    zh: '工单已由您领取，无需再次领取',
    en: 'you have already picked up this order',
  },
  'order.refuseNotFromCity': {
    zh: '只有市级派来的工单可以拒签',
    en: 'only orders sent by the city can be refused',
  },
  // --- work-order actions (actions engineer): field edits, references, required fields ---
  'order.fieldNotEditable': {
    zh: '{field}: 您的角色不能修改此字段',
    en: '{field}: your role may not change this field',
  },
  'order.categoryInvalid': {
    zh: 'categoryId: 须为已有的三级问题分类',
    en: 'categoryId: must be an existing level-3 problem category',
  },
  'order.communityInvalid': {
    zh: 'communityUnitId: 须为本单位所辖的社区或村',
    en: 'communityUnitId: must be a community or village of the host unit',
  },
  'order.fieldRequired': { zh: '此项必填', en: 'required here' },
  'order.phoneInvalid': {
    zh: '请输入手机号或固定电话（如 010-12345678）',
    en: 'a mobile or fixed-line number (such as 010-12345678)',
  },
  // --- end work-order actions ---
  // --- intake and files (intake engineer) ---
  'intake.forbidden': {
    zh: '您的角色不能录入工单',
    en: 'your role may not create work orders',
  },
  'intake.directDispatchOnly': {
    zh: '仅派单员可录入直派工单（typeId 7）',
    en: 'only a dispatcher may create a direct-dispatch order (typeId 7)',
  },
  'intake.typeInvalid': {
    zh: '须为 5（自建）或 7（直派）',
    en: 'must be 5 (self-built) or 7 (direct dispatch)',
  },
  'intake.phoneInvalid': {
    zh: '请输入正确的手机号或固定电话（如 010-12345678）',
    en: 'enter a mainland mobile number or a fixed line such as 010-12345678',
  },
  'intake.dateTimeInvalid': {
    zh: '时间格式须为 ISO 8601（带时区）或 “YYYY-MM-DD HH:mm:ss”（北京时间）',
    en: 'a time is ISO 8601 with an offset, or "YYYY-MM-DD HH:mm:ss" (China time)',
  },
  'intake.dateTimeTooEarly': {
    zh: '时间不能早于 2000-01-01',
    en: 'the time cannot be before 2000-01-01',
  },
  'intake.refuseDeadlineBeforeCall': {
    zh: '签收时限须晚于来电时间',
    en: 'the sign limit must be after the call time',
  },
  'intake.callTimeFuture': {
    zh: '来电时间不能晚于当前时间',
    en: 'the call time cannot be in the future',
  },
  'intake.positionHalf': {
    zh: '纬度和经度须同时填写',
    en: 'give latitude and longitude together',
  },
  'intake.categoryUnknown': { zh: '问题分类不存在', en: 'no such problem category' },
  'intake.categoryNotLeaf': {
    zh: '须选择三级问题分类',
    en: 'choose a level-3 problem category',
  },
  'intake.communityInvalid': {
    zh: '须为社区或村',
    en: 'must be a community or a village',
  },
  'intake.mergeTargetNotFound': {
    zh: '归集目标工单不存在或不在您的权限范围内',
    en: 'no such work order in your scope to merge into',
  },
  'intake.mergeTargetClosed': {
    zh: '归集目标须为未办结的工单',
    en: 'the order to merge into must still be open',
  },
  'intake.created': { zh: '工单已录入', en: 'work order created' },
  'intake.merged': { zh: '诉求已归集到工单 {orderNum}', en: 'appeal merged into order {orderNum}' },
  'integration.keyMissing': { zh: '缺少 X-Api-Key 请求头', en: 'the X-Api-Key header is missing' },
  'integration.keyInvalid': {
    zh: '接口密钥无效或已停用',
    en: 'the API key is unknown or revoked',
  },
  'city.orderNumReserved': {
    zh: 'ZJ/QY 开头的编号为本区自建编号，不能用作市级工单编号',
    en: "numbers starting ZJ or QY are the district's own; not a city order number",
  },
  'city.received': { zh: '已接收', en: 'received' },
  'city.duplicate': { zh: '该市级工单已接收过', en: 'this city order was already received' },
  'upload.notMultipart': {
    zh: '请以 multipart/form-data 上传，文件字段名为 file',
    en: 'send the file as multipart/form-data in the field "file"',
  },
  'upload.fileMissing': { zh: '请选择要上传的文件', en: 'no file in the field "file"' },
  'upload.oneFile': { zh: '每次只能上传一个文件', en: 'one file per request' },
  'upload.tooManyFields': { zh: '表单字段过多或过长', en: 'too many or too long form fields' },
  'upload.tooLarge': {
    zh: '文件不能超过 {mb} MB',
    en: 'the file is larger than {mb} MB',
  },
  'upload.empty': { zh: '文件内容为空', en: 'the file is empty' },
  'upload.badName': {
    zh: '文件名无效（不能为空、不能超过 200 个字符、不能含 \\ / : * ? " < > | 或控制字符）',
    en: 'invalid file name (not empty, at most 200 characters, none of \\ / : * ? " < > | or control characters)',
  },
  'upload.badType': {
    zh: '不支持的文件类型 “{ext}”，仅支持 {allowed}',
    en: 'file type "{ext}" is not allowed; allowed: {allowed}',
  },
  'upload.executable': {
    zh: '文件内容是可执行程序或脚本，不能上传',
    en: 'the file is an executable program or script and cannot be uploaded',
  },
  'upload.contentMismatch': {
    zh: '文件内容与扩展名 .{ext} 不符',
    en: 'the file content does not match its extension .{ext}',
  },
  'upload.textNotUtf8': {
    zh: '文本文件须为 UTF-8 编码且不含空字符',
    en: 'a text file must be UTF-8 without NUL bytes',
  },
  'upload.districtOnly': {
    zh: '仅区中心人员可上传仅区级可见的文件',
    en: 'only district-centre staff may upload district-only files',
  },
  'upload.centerOnly': {
    zh: '仅区中心人员可使用此上传接口',
    en: 'only district-centre staff may upload here',
  },
  'upload.done': { zh: '上传成功', en: 'uploaded' },
  'file.notFound': { zh: '文件不存在', en: 'no such file' },
  'file.alreadyAttached': {
    zh: '文件 {id} 已关联到其他工单',
    en: 'file {id} is already attached to another order',
  },
  'file.attachForbidden': {
    zh: '只有承办单位和区中心人员可以为该工单添加附件',
    en: 'only the host units and district-centre staff may attach files to this order',
  },
  'file.attached': { zh: '附件已关联', en: 'files attached' },
  'file.notCityOrder': {
    zh: '该工单不是市级派发的工单，请通过 Lists/fileAppend 添加附件',
    en: 'this order did not come from the city centre: attach its files with Lists/fileAppend',
  },
  // --- end intake and files ---
  // --- work-order reads (lists, counts, detail, trees, column prefs) ---
  'list.keywordShort': {
    zh: '关键词至少 2 个字符（须有两个相连的非空白字符）',
    en: 'at least 2 characters (two in a row that are not spaces)',
  },
  'list.typeNotAllowed': {
    zh: 'typeId: 您只能查询来源为 {allowed} 的工单',
    en: 'typeId: you may list order sources {allowed} only',
  },
  'list.offsetTooDeep': {
    zh: 'pageNo: 最多翻到第 {max} 条，请缩小筛选范围',
    en: 'pageNo: lists reach {max} rows deep at most; narrow the filter',
  },
  'list.tooSlow': {
    zh: '查询超过 {seconds} 秒已停止：请缩小时间范围、选择队列或换用更具体的关键词后重试',
    en: 'the list took over {seconds} s and was stopped: narrow the dates, pick a queue or use a more specific keyword',
  },
  'list.unknownQueue': { zh: 'menuId: 没有队列 {menuId}', en: 'menuId: no queue {menuId}' },
  'list.queueForbidden': {
    zh: '您的菜单中没有队列 {menuId}',
    en: 'queue {menuId} is not in your menu',
  },
  'list.rangeReversed': {
    zh: '{field}: 开始时间晚于结束时间',
    en: '{field}: the start is after the end',
  },
  'unit.notFound': { zh: '单位不存在', en: 'no such unit' },
  'unit.notGridParent': {
    zh: 'id: 须为街道或乡镇',
    en: 'id: must be a street or a town',
  },
  // --- end work-order reads ---
} as const;
