/**
 * Texts of one console feature (key `account`), kept in their own file so features do not edit one
 * shared dictionary. The English texts are in `en/account.ts` (loaded only when the console is in
 * English) and must have exactly these keys (checked by the type).
 */
export const zh = {
  title: '修改密码',
  /** The user menu's item. */
  changePassword: '修改密码',
  forcedNotice: '您正在使用管理员设置的初始密码，请先修改密码，修改后才能使用系统。',
  who: '账号：{{realname}}（{{username}}）',
  oldPassword: '原密码',
  newPassword: '新密码',
  confirmPassword: '确认新密码',
  submit: '确认修改',
  back: '返回',
  logout: '退出登录',
  rulesTitle: '新密码要求',
  ruleLength: '长度 {{min}}–{{max}} 位',
  ruleClasses: '包含大写字母、小写字母、数字、符号中的至少 {{classes}} 类',
  ruleNotUsername: '不能包含用户名',
  ruleNotOld: '不能与原密码相同',
  oldRequired: '请输入原密码',
  newRequired: '请输入新密码',
  confirmRequired: '请再次输入新密码',
  mismatch: '两次输入的新密码不一致',
  tooShort: '密码至少 {{min}} 位',
  tooLong: '密码至多 {{max}} 位',
  tooSimple: '密码须包含大写字母、小写字母、数字、符号中的至少 {{classes}} 类',
  likeUsername: '密码不能包含用户名',
  sameAsOld: '新密码不能与原密码相同',
  changed: '密码已修改，其他设备上的登录已退出',
};
