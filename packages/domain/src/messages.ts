import type { Lang } from './codes';
import { VALIDATION_MESSAGES } from './validation-messages';
import { ADMIN_MESSAGES } from './admin/messages';
import { CALL_MESSAGES } from './calls';
import { EXPORT_MESSAGES } from './export-messages';
import { LIFECYCLE_MESSAGES } from './lifecycle/messages';
import { PHRASE_MESSAGES } from './phrases';
import { LIST_VIEW_MESSAGES } from './list-views';
import { PUSH_MESSAGES } from './push-messages';
import { TRACK_MESSAGES } from './track-messages';
import { CALENDAR_MESSAGES } from './work-calendar';

/**
 * Every user-facing server message, in both languages. Services raise errors by key so the
 * reply speaks the caller's language (Accept-Language), Chinese by default.
 */
export const MESSAGES = {
  ...LIFECYCLE_MESSAGES,
  ...VALIDATION_MESSAGES,
  ...EXPORT_MESSAGES,
  ...CALL_MESSAGES,
  ...PUSH_MESSAGES,
  ...ADMIN_MESSAGES,
  ...CALENDAR_MESSAGES,
  ...PHRASE_MESSAGES,
  ...LIST_VIEW_MESSAGES,
  ...TRACK_MESSAGES,
  'login.usernameEmpty': { zh: '用户名不能为空', en: 'user name cannot be empty' },
  'login.passwordShort': { zh: '密码不能少于6位', en: 'password cannot be less than 6 digits' },
  'login.wrongCredentials': { zh: '用户名或密码错误', en: 'wrong user name or password' },
  'login.locked': {
    zh: '密码错误次数过多，账号已锁定，请 {minutes} 分钟后再试',
    en: 'too many failed logins: the account is locked, try again in {minutes} minutes',
  },
  'idempotency.badKey': {
    zh: 'Idempotency-Key 须为 1–200 个可见 ASCII 字符',
    en: 'Idempotency-Key must be 1 to 200 visible ASCII characters',
  },
  'idempotency.mismatch': {
    zh: '该 Idempotency-Key 已用于另一个请求（内容或接口不同），请换一个新的键',
    en: 'this Idempotency-Key was used for another request (other content or endpoint): use a new key',
  },
  'idempotency.done': {
    zh: '该请求已完成（使用同一 Idempotency-Key）；其结果含一次性密钥，不再显示',
    en: 'this request was already carried out (same Idempotency-Key); its answer held a one-time secret and is not shown again',
  },
  'idempotency.inProgress': {
    zh: '使用该 Idempotency-Key 的请求仍在处理中，请稍后重试',
    en: 'the request with this Idempotency-Key is still being processed: retry shortly',
  },
  rateLimited: {
    zh: '请求过于频繁，请 {seconds} 秒后再试',
    en: 'too many requests, try again in {seconds} s',
  },
  'login.disabled': { zh: '账号已停用', en: 'the account is disabled' },
  'login.methodDisabled': { zh: '该登录方式未启用', en: 'this login method is not enabled' },
  'login.encryptionRequired': {
    zh: '密码须经 RSA 加密后提交',
    en: 'the password must be sent RSA-encrypted',
  },
  'login.decryptFailed': {
    zh: '加密数据无法解密',
    en: 'the encrypted data could not be decrypted',
  },
  'login.mobileInvalid': { zh: '请输入正确的手机号', en: 'enter the correct mobile phone number' },
  'login.codeEmpty': { zh: '请输入手机验证码', en: 'enter the phone verification code' },
  'sms.sent': { zh: '验证码已发送', en: 'verification code sent' },
  'sms.tooSoon': {
    zh: '发送过于频繁，请 {seconds} 秒后再试',
    en: 'sent too recently, try again in {seconds} s',
  },
  'sms.dailyCap': {
    zh: '该号码今日获取验证码次数已达上限（{max} 次），请明天再试或使用密码登录',
    en: 'this number has had {max} codes in the last 24 hours: try tomorrow or sign in with a password',
  },
  'sms.codeWrong': { zh: '验证码错误', en: 'wrong verification code' },
  'sms.codeExpired': {
    zh: '验证码已失效，请重新获取',
    en: 'the verification code has expired, request a new one',
  },
  'sms.codeBurned': {
    zh: '验证码错误次数过多，已作废，请重新获取',
    en: 'too many wrong tries: the code is void, request a new one',
  },
  'sso.notConfigured': {
    zh: '本部署未配置单点登录',
    en: 'single sign-on is not configured in this deployment',
  },
  'sso.invalid': { zh: '单点登录令牌无效', en: 'the single sign-on token is invalid' },
  'sso.expired': { zh: '单点登录令牌已过期', en: 'the single sign-on token has expired' },
  'sso.replayed': { zh: '单点登录令牌已被使用', en: 'the single sign-on token was already used' },
  'sso.unknownUser': {
    zh: '单点登录账号不存在或已停用',
    en: 'the single sign-on account does not exist or is disabled',
  },
  'session.missing': { zh: '请先登录', en: 'please log in' },
  'session.invalid': {
    zh: '登录已失效，请重新登录',
    en: 'the login is no longer valid, please log in again',
  },
  'session.tokenExpired': { zh: '令牌已过期', en: 'token expired' },
  'session.loggedOut': { zh: '已退出登录', en: 'logged out' },
  'auth.adminOnly': { zh: '仅管理员可执行此操作', en: 'only an administrator may do this' },
  'auth.noPermission': {
    zh: '账号未分配任何权限，请联系管理员',
    en: 'this account holds no permission; ask an administrator',
  },
  'auth.noMenu': {
    zh: '账号没有可用的菜单，请联系管理员',
    en: 'this account has no menu; ask an administrator',
  },
  'auth.forbidden': { zh: '没有权限执行此操作', en: 'you do not have permission to do this' },
  'config.groupExists': { zh: '配置分组已存在', en: 'the config group already exists' },
  'config.groupMissing': { zh: '配置分组不存在', en: 'the config group does not exist' },
  'config.groupNotEmpty': {
    zh: '分组下仍有配置项，不能删除',
    en: 'the group still holds config entries and cannot be deleted',
  },
  'config.entryExists': { zh: '配置项已存在', en: 'the config entry already exists' },
  'config.entryMissing': { zh: '配置项不存在', en: 'the config entry does not exist' },
  'config.valueInvalid': { zh: '配置值不合法：{reason}', en: 'invalid config value: {reason}' },
  'group.exists': { zh: '角色已存在', en: 'the role already exists' },
  'group.missing': { zh: '角色不存在', en: 'the role does not exist' },
  'group.inUse': {
    zh: '角色仍有用户，不能删除',
    en: 'the role still has users and cannot be deleted',
  },
  'user.missing': { zh: '用户不存在：{ids}', en: 'no such user: {ids}' },
  'errorLog.tooMany': {
    zh: '错误上报过于频繁',
    en: 'too many error reports, slow down',
  },
  'request.badMultipart': {
    zh: '上传内容格式错误：multipart 请求缺少边界（boundary）或内容不完整',
    en: 'the upload is malformed: the multipart body has no boundary or is incomplete',
  },
  'request.invalidJson': {
    zh: '请求内容不是合法的 JSON',
    en: 'the request body is not valid JSON',
  },
  'request.tooLarge': { zh: '请求内容过大', en: 'the request body is too large' },
  'request.badUrl': {
    zh: '请求地址无法识别：{path}',
    en: 'the request address cannot be read: {path}',
  },
  'request.malformed': {
    zh: '请求格式错误，无法读取',
    en: 'the request is malformed and cannot be read',
  },
  'request.timeout': { zh: '请求超时', en: 'the request timed out' },
  'request.headersTooLarge': { zh: '请求头过大', en: 'the request headers are too large' },
  'request.textInvalid': {
    zh: '含有无法保存的字符（空字符 NUL 或不成对的代理字符）',
    en: 'holds a character that cannot be stored (a NUL or an unpaired surrogate)',
  },
  'request.unsupportedType': {
    zh: '不支持的请求内容类型',
    en: 'unsupported request content type',
  },
  'search.order': { zh: '工单 {num}：{title}', en: 'Order {num}: {title}' },
  'request.notFound': { zh: '接口不存在：{path}', en: 'no such endpoint: {path}' },
  'request.serverError': {
    zh: '服务器内部错误，请稍后再试',
    en: 'internal server error, please try again later',
  },
  'feature.notEnabled': {
    zh: '本部署未启用该功能：{feature}',
    en: 'not enabled in this deployment: {feature}',
  },
  ok: { zh: '操作成功', en: 'success' },
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number | Record<Lang, string>>;

export function translate(key: MessageKey, lang: Lang, params: MessageParams = {}): string {
  const template: string = MESSAGES[key][lang];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? value[lang] : String(value);
  });
}

const isKey = (key: string): key is MessageKey =>
  Object.prototype.hasOwnProperty.call(MESSAGES, key);

/**
 * A validation message as the contract writes it — a message key, arguments after `|` — in
 * `lang`; null when it is no key (a library's own text).
 */
export function issueText(message: string, lang: Lang): string | null {
  const [key = '', arg = '', arg2 = ''] = message.split('|');
  return isKey(key) ? translate(key, lang, { arg, arg2 }) : null;
}
