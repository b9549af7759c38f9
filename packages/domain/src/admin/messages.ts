import { ADMIN_ACCOUNT_MESSAGES } from './account-messages';
import { ADMIN_ORG_MESSAGES } from './org-messages';
import { ADMIN_SETTINGS_MESSAGES } from './settings-messages';
import { ADMIN_USER_MESSAGES } from './user-messages';

/** Server messages of the administration (issue 17), both languages. */
export const ADMIN_MESSAGES = {
  ...ADMIN_USER_MESSAGES,
  ...ADMIN_ACCOUNT_MESSAGES,
  ...ADMIN_ORG_MESSAGES,
  ...ADMIN_SETTINGS_MESSAGES,
  'password.tooShort': {
    zh: '密码至少 {min} 位',
    en: 'the password needs at least {min} characters',
  },
  'password.tooLong': {
    zh: '密码至多 {max} 位',
    en: 'the password may have at most {max} characters',
  },
  'password.tooSimple': {
    zh: '密码须包含大写字母、小写字母、数字、符号中的至少 {classes} 类',
    en: 'the password must mix at least {classes} of: upper-case, lower-case, digits, symbols',
  },
  'password.likeUsername': {
    zh: '密码不能包含用户名',
    en: 'the password must not contain the user name',
  },
  'password.sameAsOld': {
    zh: '新密码不能与原密码相同',
    en: 'the new password must differ from the old one',
  },
  'admin.notYourself': {
    zh: '不能停用或取消自己的管理员权限',
    en: 'you cannot disable yourself or take away your own administrator rights',
  },
  'admin.lastAdmin': {
    zh: '这是最后一位可用的管理员，不能停用或取消其管理员权限',
    en: 'this is the last active administrator: it cannot be disabled or demoted',
  },
  'unit.parentRequired': {
    zh: '该类单位必须有上级单位',
    en: 'a unit of this kind needs a parent unit',
  },
  'unit.parentKind': {
    zh: '该类单位（{kind}）只能放在以下类型的单位下：{parents}',
    en: 'a unit of kind {kind} can only sit under: {parents}',
  },
} as const;
