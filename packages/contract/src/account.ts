import { z } from 'zod';
import { envelope } from './common';
import { endpoint } from './endpoint';

/**
 * The signed-in user's own password: the policy (for the form's hints) and the change, which a
 * user with a one-time password must make before anything else (every other endpoint answers
 * 403 `password.changeRequired` until then; both of these are open to them).
 */

export const passwordPolicyData = z.object({
  minLength: z.number().int(),
  maxLength: z.number().int(),
  /** How many of the four character classes (lower, upper, digits, symbols) a password mixes. */
  classes: z.number().int(),
});
export type PasswordPolicyData = z.infer<typeof passwordPolicyData>;
export const passwordPolicyResponse = envelope(passwordPolicyData);

export const changePasswordBody = z.object({
  oldPassword: z.string().min(1).max(200),
  // The policy (length, classes, not the user name, not the old one) is checked by the server.
  newPassword: z.string().min(1).max(200),
});
export const changePasswordResponse = envelope(z.object({}).passthrough());

const tags = ['login and session'];

export const accountEndpoints = {
  passwordPolicy: endpoint({
    method: 'GET',
    paths: ['/user/passwordPolicy'],
    summary: 'The password policy (minimum length, character classes)',
    tags,
    access: 'user',
    beforePasswordChange: true,
    response: passwordPolicyResponse,
  }),
  changePassword: endpoint({
    method: 'POST',
    paths: ['/user/changePassword'],
    summary: 'Change your own password (required first after a one-time password)',
    description:
      "Checks the old password (400 naming oldPassword) and the policy (400 naming newPassword); ends the caller's other sessions; audited as password.change.",
    tags,
    access: 'user',
    beforePasswordChange: true,
    body: changePasswordBody,
    response: changePasswordResponse,
  }),
};
