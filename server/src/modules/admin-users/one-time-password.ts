import { randomInt } from 'node:crypto';
import { passwordProblem, passwordPolicyFrom, type PasswordPolicy } from '@hotline/domain';
import type { AppContext } from '../../context';
import { configValues } from '../config/config-cache';

/**
 * One-time passwords an administrator hands out (create, import, reset). Easy to read aloud
 * and type: no 0/O, 1/l/I; symbols only when the policy asks for all four classes. At least
 * 12 characters, and always the policy's length and classes.
 */
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '#%+-=@';
export const OTP_MIN_LENGTH = 12;

const pick = (chars: string) => chars[randomInt(chars.length)]!;

function shuffle(chars: string[]): string[] {
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars;
}

export function oneTimePassword(policy: PasswordPolicy, username: string): string {
  const classes = policy.classes >= 4 ? [LOWER, UPPER, DIGITS, SYMBOLS] : [LOWER, UPPER, DIGITS];
  const length = Math.max(OTP_MIN_LENGTH, policy.minLength);
  const all = classes.join('');
  for (;;) {
    // One of each class, the rest from all of them, in random order.
    const chars = classes.map(pick);
    while (chars.length < length) chars.push(pick(all));
    const password = shuffle(chars).join('');
    if (!passwordProblem(password, policy, { username })) return password;
  }
}

/** The password policy in force (settings group `security`; defaults when absent). */
export async function passwordPolicy(ctx: AppContext): Promise<PasswordPolicy> {
  return passwordPolicyFrom(await configValues(ctx, 'security'));
}
