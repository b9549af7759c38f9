import {
  DEFAULT_SMS_TEMPLATES,
  SMS_EVENT_NAMES,
  SMS_EVENTS,
  smsTemplateKey,
} from '@hotline/domain';

/** Config groups and their default entries (group `jsjb` is the console's web config). */

export interface ConfigDefault {
  name: string;
  title: string;
  value: string;
  type: 'string' | 'number' | 'switch' | 'text' | 'select' | 'json';
  options?: string[];
  isPublic: boolean;
  remark?: string;
}

export const CONFIG_GROUPS = [
  { name: 'jsjb', title: '接诉即办', sort: 1 },
  { name: 'system', title: '系统', sort: 2 },
  { name: 'security', title: '安全', sort: 3 },
];

const sw = (name: string, title: string, on: boolean, remark = ''): ConfigDefault => ({
  name,
  title,
  value: on ? '1' : '0',
  type: 'switch',
  isPublic: true,
  remark,
});
const num = (name: string, title: string, value: number, remark = ''): ConfigDefault => ({
  name,
  title,
  value: String(value),
  type: 'number',
  isPublic: true,
  remark,
});

export const JSJB_DEFAULTS: ConfigDefault[] = [
  {
    name: 'website_name',
    title: '网站名称',
    value: '12345接诉即办工单系统',
    type: 'string',
    isPublic: true,
  },
  sw('is_has_ws', '启用实时推送', true),
  { name: 'is_has_ws_json', title: '推送附加配置', value: '{}', type: 'json', isPublic: true },
  sw('is_waihu', '启用外呼', false),
  sw('is_heyi_waihu', '启用合一外呼', false),
  sw('is_has_badge_99', '角标超过99显示99+', true),
  sw('is_lingdao_zisu', '领导自诉', false),
  sw('is_has_zisuanjian', '自诉案件', false),
  sw('login_password', '账号密码登录', true),
  sw('login_sms', '短信验证码登录', true),
  sw('login_sso', '单点登录', true),
  sw('login_scan', '扫码登录', false),
  sw('login_callback', '第三方回调登录', false),
  sw('login_rsa', '登录密码RSA加密', false),
  { name: 'login_path', title: '登录页路径', value: '/login', type: 'string', isPublic: true },
  {
    name: 'overdue_warning_mode',
    title: '超期预警口径',
    value: '2days',
    type: 'select',
    options: ['yesterday', '2days', '8hours'],
    isPublic: true,
    remark: 'yesterday: deadline fell yesterday; 2days: within 2 days; 8hours: within 8 hours',
  },
  sw('huifang_state_mode', '待回访口径（1: 11,12；0: 2,11,12,13）', false),
  num('refuse_sign_hours', '可拒签时限（小时）', 24),
  num('limit_emergency_hours', '紧急件办理时限（小时）', 2),
  num('limit_utility_hours', '水电气热办理时限（小时）', 24),
  num('limit_general_hours', '一般件办理时限（小时）', 168),
  num('limit_complex_hours', '复杂件办理时限（小时）', 360),
  num('assessment_period_day', '考核周期起始日', 19),
  num('upload_max_mb', '上传文件大小上限（MB）', 20),
  // issue 17: console feature switches (after the older keys, so existing databases keep their order)
  sw('is_voice_push', '语音播报', true, 'read new-order notices aloud in the console'),
  sw('is_watermark', '页面水印', false, "the user's name and time across every page"),
  sw('is_error_log', '前端错误日志', true, '0: the console error reports are accepted and dropped'),
  // issue 21: limits counted in working days on the work calendar (0 = the hours above)
  num('limit_general_workdays', '一般件办理时限（工作日，0 按小时）', 0),
  num('limit_complex_workdays', '复杂件办理时限（工作日，0 按小时）', 0),
  {
    name: 'remind_sign_hours',
    title: '签收时限前提醒（小时，逗号分隔）',
    value: '2',
    type: 'string',
    isPublic: false,
  },
  {
    name: 'remind_handling_hours',
    title: '办理时限前提醒（小时，逗号分隔）',
    value: '24,4',
    type: 'string',
    isPublic: false,
  },
  num('escalate_second_hours', '超时后升级至区领导（小时）', 24),
  // issue 22: the repeat-caller tag at intake and in the detail
  num('repeat_caller_threshold', '重复来电提示（30 天内同一号码工单数）', 3),
  // issue 22: text messages to citizens (templates: {orderNum} {category} {reply} {trackUrl} {date})
  sw(
    'sms_citizen_enabled',
    '向市民发送办理进度短信',
    true,
    'through the SMS port: the simulator logs them',
  ),
  num('sms_daily_cap', '每个号码每天最多短信条数', 5),
  {
    name: 'sms_track_url',
    title: '短信中的进度查询地址',
    value: '',
    type: 'string',
    isPublic: false,
    remark: 'the public address of #/track, e.g. https://12345.example.gov.cn/#/track',
  },
  ...SMS_EVENTS.map((event): ConfigDefault => ({
    name: smsTemplateKey(event),
    title: `短信模板：${SMS_EVENT_NAMES[event].zh}`,
    value: DEFAULT_SMS_TEMPLATES[event],
    type: 'text',
    isPublic: false,
    remark: 'placeholders: {orderNum} {category} {reply} {trackUrl} {date}',
  })),
];

export const SYSTEM_DEFAULTS: ConfigDefault[] = [
  {
    name: 'sms_provider',
    title: '短信通道',
    value: 'simulator',
    type: 'string',
    isPublic: false,
    remark: 'simulator writes codes to the server log',
  },
  {
    name: 'telephony_provider',
    title: '外呼通道',
    value: 'simulator',
    type: 'string',
    isPublic: false,
  },
];

/** The password policy (domain `passwordPolicyFrom`); not public. */
export const SECURITY_DEFAULTS: ConfigDefault[] = [
  {
    ...num('password_min_length', '密码最小长度', 8, '6–32'),
    isPublic: false,
  },
  {
    ...num(
      'password_classes',
      '密码字符类别数',
      2,
      '1–4 of: upper-case, lower-case, digits, symbols',
    ),
    isPublic: false,
  },
];
