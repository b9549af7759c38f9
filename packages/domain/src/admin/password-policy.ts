/**
 * The password policy (settings `password_min_length`, `password_classes`): a pure check the
 * server applies to every new password (change, reset, import, admin:create) and the console
 * shows as hints. Character classes: lower-case, upper-case, digits, other.
 */
export interface PasswordPolicy {
  minLength: number;
  /** How many of the four character classes a password must mix (1–4). */
  classes: number;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 8, classes: 2 };
export const PASSWORD_MAX_LENGTH = 64;
export const PASSWORD_MIN_LENGTH_RANGE = [6, 32] as const;

export function passwordClasses(password: string): number {
  return [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/].filter((re) => re.test(password)).length;
}

export type PasswordProblem =
  | { key: 'password.tooShort'; params: { min: number } }
  | { key: 'password.tooLong'; params: { max: number } }
  | { key: 'password.tooSimple'; params: { classes: number } }
  | { key: 'password.likeUsername'; params: Record<string, never> }
  | { key: 'password.sameAsOld'; params: Record<string, never> };

/** The first rule a new password breaks, or null. */
export function passwordProblem(
  password: string,
  policy: PasswordPolicy,
  context: { username?: string; oldPassword?: string } = {},
): PasswordProblem | null {
  if (password.length < policy.minLength)
    return { key: 'password.tooShort', params: { min: policy.minLength } };
  if (password.length > PASSWORD_MAX_LENGTH)
    return { key: 'password.tooLong', params: { max: PASSWORD_MAX_LENGTH } };
  if (passwordClasses(password) < policy.classes)
    return { key: 'password.tooSimple', params: { classes: policy.classes } };
  if (context.username && password.toLowerCase().includes(context.username.toLowerCase()))
    return { key: 'password.likeUsername', params: {} };
  if (context.oldPassword !== undefined && password === context.oldPassword)
    return { key: 'password.sameAsOld', params: {} };
  return null;
}

/** The policy from the settings' values, each falling back to its default when unusable. */
export function passwordPolicyFrom(
  values: Readonly<Record<string, string | undefined>>,
): PasswordPolicy {
  const min = Number(values.password_min_length);
  const classes = Number(values.password_classes);
  const [lo, hi] = PASSWORD_MIN_LENGTH_RANGE;
  return {
    minLength:
      Number.isInteger(min) && min >= lo && min <= hi ? min : DEFAULT_PASSWORD_POLICY.minLength,
    classes:
      Number.isInteger(classes) && classes >= 1 && classes <= 4
        ? classes
        : DEFAULT_PASSWORD_POLICY.classes,
  };
}
