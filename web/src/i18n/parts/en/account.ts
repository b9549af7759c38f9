/** English texts of `../account.ts` (same keys; loaded only when the console is in English). */
import type { zh } from '../account';

export const en: typeof zh = {
  title: 'Change password',
  changePassword: 'Change password',
  forcedNotice:
    'You are using a one-time password set by an administrator. Change it first; the system opens once it is changed.',
  who: 'Account: {{realname}} ({{username}})',
  oldPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  submit: 'Change password',
  back: 'Back',
  logout: 'Log out',
  rulesTitle: 'The new password',
  ruleLength: 'has {{min}}–{{max}} characters',
  ruleClasses: 'mixes at least {{classes}} of: upper-case, lower-case, digits, symbols',
  ruleNotUsername: 'does not contain the user name',
  ruleNotOld: 'differs from the current password',
  oldRequired: 'Enter the current password',
  newRequired: 'Enter a new password',
  confirmRequired: 'Enter the new password again',
  mismatch: 'The two new passwords differ',
  tooShort: 'The password needs at least {{min}} characters',
  tooLong: 'The password may have at most {{max}} characters',
  tooSimple:
    'The password must mix at least {{classes}} of: upper-case, lower-case, digits, symbols',
  likeUsername: 'The password must not contain the user name',
  sameAsOld: 'The new password must differ from the current one',
  changed: 'Password changed; logins on other devices have ended',
};
