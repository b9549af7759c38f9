import { z } from 'zod';
import { envelope } from './common';
import { endpoint } from './endpoint';

/**
 * The signed-in user's own password: the policy (for the form's hints) and the change, which a
 * user with a one-time password must make before anything else (every other endpoint answers
 * 403 `password.changeRequired` until then).
 */

export const passwordPolicyResponse = envelope(
  z.object({ minLength: z.number().int(), classes: z.number().int() }),
);

export const changePasswordBody = z.object({
  oldPassword: z.string().min(1).max(200),
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
    response: passwordPolicyResponse,
  }),
  changePassword: endpoint({
    method: 'POST',
    paths: ['/user/changePassword'],
    summary: 'Change your own password (required first after a one-time password)',
    tags,
    access: 'user',
    body: changePasswordBody,
    response: changePasswordResponse,
  }),
};
