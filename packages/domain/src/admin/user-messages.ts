/** Server messages of the administration (user part), both languages. */
export const ADMIN_USER_MESSAGES = {
  'adminUser.notFound': { zh: '用户不存在', en: 'no such user' },
  'adminUser.usernameTaken': {
    zh: '用户名 {username} 已被使用（用户名不区分大小写；用户不会被删除，停用用户的用户名也不能再用）',
    en: 'the user name {username} is taken (names ignore case; users are never deleted, so a disabled user keeps theirs)',
  },
  'adminUser.mobileTaken': {
    zh: '手机号 {mobile} 已被用户 {username} 使用',
    en: 'the mobile {mobile} already belongs to the user {username}',
  },
  'adminUser.unitUnavailable': {
    zh: '单位不存在或已停用',
    en: 'no such unit, or the unit is disabled',
  },
  'adminUser.groupsMissing': { zh: '角色不存在', en: 'no such role' },
  'adminUser.sessionMissing': {
    zh: '该用户没有这个会话',
    en: 'this user has no such session',
  },
  'adminUser.created': { zh: '已创建用户 {username}', en: 'user {username} created' },
  'adminUser.passwordReset': {
    zh: '已重置 {username} 的密码',
    en: 'the password of {username} was reset',
  },
  'adminUser.imported': { zh: '已导入 {count} 位用户', en: '{count} users imported' },

  // The user import (XLSX): whole-file refusals.
  'userImport.noFile': {
    zh: '请在表单字段 file 中上传一个 .xlsx 文件',
    en: 'send one .xlsx file in the form field "file"',
  },
  'userImport.notXlsx': {
    zh: '文件不是有效的 Excel（.xlsx）文件，请使用下载的模板',
    en: 'the file is not a valid Excel (.xlsx) file: use the downloaded template',
  },
  'userImport.empty': {
    zh: '文件中没有用户数据（表头下方每行填写一位用户）',
    en: 'the file holds no users (one user per row below the header)',
  },
  'userImport.tooManyRows': {
    zh: '一次至多导入 {max} 位用户，文件中有 {count} 行',
    en: 'at most {max} users per import; the file has {count} rows',
  },
  'userImport.missingColumn': {
    zh: '文件缺少列「{column}」，请使用下载的模板',
    en: 'the file has no column "{column}": use the downloaded template',
  },
  'userImport.failed': {
    zh: '第 {row} 行 {field}：{message}（共 {count} 处错误，未导入任何用户）',
    en: 'row {row}, {field}: {message} ({count} errors in all; no user was imported)',
  },

  // The user import: one cell's problem (the row and column travel beside the message).
  'userImport.required': { zh: '必填', en: 'required' },
  'userImport.usernameFormat': {
    zh: '须为 3–32 位字母、数字或 _ . -，以字母开头',
    en: 'must be 3–32 letters, digits, _ . - starting with a letter',
  },
  'userImport.realnameLong': { zh: '至多 32 个字', en: 'at most 32 characters' },
  'userImport.mobileFormat': {
    zh: '须为 11 位手机号，或留空',
    en: 'must be an 11-digit mobile number, or empty',
  },
  'userImport.usernameRepeated': {
    zh: '{value} 与第 {row} 行重复（不区分大小写）',
    en: '{value} repeats row {row} (case is ignored)',
  },
  'userImport.mobileRepeated': {
    zh: '{value} 与第 {row} 行重复',
    en: '{value} repeats row {row}',
  },
  'userImport.usernameTaken': {
    zh: '用户名 {value} 已被使用（含已停用的用户）',
    en: 'the user name {value} is taken (disabled users included)',
  },
  'userImport.mobileTaken': {
    zh: '手机号 {value} 已被用户 {username} 使用',
    en: 'the mobile {value} already belongs to the user {username}',
  },
  'userImport.unitUnknown': {
    zh: '没有编码或名称为「{value}」的单位',
    en: 'no unit has the code or name "{value}"',
  },
  'userImport.unitAmbiguous': {
    zh: '有多个单位名为「{value}」，请填写单位编码',
    en: 'several units are named "{value}": give the unit code',
  },
  'userImport.unitDisabled': {
    zh: '单位「{value}」已停用',
    en: 'the unit "{value}" is disabled',
  },
  'userImport.roleUnknown': {
    zh: '没有名为「{value}」的角色',
    en: 'no role is named "{value}"',
  },
  'userImport.tooManyRoles': { zh: '角色至多 {max} 个', en: 'at most {max} roles' },
  'userImport.yesNo': {
    zh: '请填写“是”或“否”（留空为否）',
    en: 'write yes or no (empty means no)',
  },
  'userImport.extraRuleUnknown': {
    zh: '没有名为「{value}」的个人权限（可选：{choices}）',
    en: 'no individual permission "{value}" (choose from: {choices})',
  },
} as const;
