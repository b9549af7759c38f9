/**
 * Server messages of the administration (settings part: typed settings, integration keys, the
 * audit log, force unlock), both languages. The `settings.*` value messages are what
 * `settingsProblems` of the contract (packages/contract/src/settings.ts) answers per field; their
 * parameters come from the key's metadata (`SETTING_META`), `{field}` from the caller.
 */
export const ADMIN_SETTINGS_MESSAGES = {
  // A refused value, "website_name: …" (the field is the key, or `value` for /config/save).
  'settings.switch': {
    zh: '{field}: 只能是 0（关）或 1（开）',
    en: '{field}: must be 0 (off) or 1 (on)',
  },
  'settings.integer': {
    zh: '{field}: 须为 {min} 到 {max} 之间的整数',
    en: '{field}: must be a whole number from {min} to {max}',
  },
  'settings.option': {
    zh: '{field}: 只能是以下之一：{options}',
    en: '{field}: must be one of: {options}',
  },
  'settings.length': {
    zh: '{field}: 长度须为 {min} 到 {max} 个字符',
    en: '{field}: must have {min} to {max} characters',
  },
  'settings.hoursList': {
    zh: '{field}: 须为逗号分隔的小时数（每个大于 0、不超过 8760，最多 6 个，如 24,4），留空表示不提醒',
    en: '{field}: hours before the limit, comma-separated (each above 0 and at most 8760, at most 6, e.g. 24,4), or empty for none',
  },
  'settings.path': {
    zh: '{field}: 须以 / 开头，不含空格，至多 {max} 个字符',
    en: '{field}: must start with /, without spaces, at most {max} characters',
  },
  'settings.jsonObject': {
    zh: '{field}: 须为 JSON 对象（以花括号包围）',
    en: '{field}: must be a JSON object (in curly braces)',
  },
  'settings.loginMethodRequired': {
    zh: '{field}: 账号密码、短信验证码、单点登录三种登录方式至少保留一种',
    en: '{field}: at least one of password, SMS code or single sign-on login must stay on',
  },
  /** Named by the validation ("no_such: …"), so without the field. */
  'settings.unknown': { zh: '没有这个配置项', en: 'no such setting' },

  'integrationKey.notFound': { zh: '没有这个接入密钥', en: 'no such integration key' },
  'integrationKey.alreadyRevoked': {
    zh: '该接入密钥已于 {at} 吊销',
    en: 'this integration key was already revoked at {at}',
  },
  'integrationKey.name': {
    zh: '1–64 个字母、数字或 _ . -，以字母或数字开头（如 city-centre）',
    en: '1–64 letters, digits, _ . - starting with a letter or digit (e.g. city-centre)',
  },

  'audit.tooManyRows': {
    zh: '符合条件的日志有 {rows} 条，超过导出上限 {max} 条，请缩小日期范围或增加筛选条件',
    en: '{rows} entries match, more than the {max} an export may hold: narrow the dates or add filters',
  },
  'audit.dateOrder': { zh: '结束时间不能早于开始时间', en: 'the end must not be before the start' },

  'unlock.reasonRequired': {
    zh: '强制解除他人的锁定须填写原因',
    en: "a reason is required to break someone else's lock",
  },
} as const;
