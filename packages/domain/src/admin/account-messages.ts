/** Server messages of the signed-in user's own account (issue 17, H2), both languages. */
export const ADMIN_ACCOUNT_MESSAGES = {
  'password.changeRequired': {
    zh: '请先修改初始密码，修改后才能继续使用系统',
    en: 'change your one-time password first; the system opens once it is changed',
  },
  'password.oldWrong': { zh: '原密码错误', en: 'the old password is wrong' },
  'password.changeLocked': {
    zh: '原密码错误次数过多，请 {minutes} 分钟后再修改密码',
    en: 'too many wrong old passwords: try changing it again in {minutes} minutes',
  },
  /** A new password the policy refuses; `problem` is the rule's text in both languages. */
  'password.policyRefused': {
    zh: '{field}：新密码不符合要求，{problem}',
    en: '{field}: the new password does not meet the policy: {problem}',
  },
} as const;
