/**
 * The permission check of spec section 6. An admin flag grants everything. A list means any-of
 * over roles plus permissions; an object may give role and/or permission with a mode.
 */

export interface Acl {
  admin: boolean;
  roles: readonly string[];
  permissions: readonly string[];
}

export type CheckMode = 'oneOf' | 'allOf' | 'except';

export interface GuardObject {
  role?: readonly string[];
  permission?: readonly string[];
  mode?: CheckMode;
}

export type Guard = readonly string[] | GuardObject;

function matches(mode: CheckMode, wanted: readonly string[], held: readonly string[]): boolean {
  if (mode === 'allOf') return wanted.every((w) => held.includes(w));
  if (mode === 'except') return !wanted.some((w) => held.includes(w));
  return wanted.some((w) => held.includes(w));
}

export function can(acl: Acl, guard: Guard | null | undefined): boolean {
  if (acl.admin) return true;
  if (guard == null) return true;
  if (Array.isArray(guard)) {
    const list = guard as readonly string[];
    if (list.length === 0) return true;
    return list.some((g) => acl.roles.includes(g) || acl.permissions.includes(g));
  }
  const object = guard as GuardObject;
  const mode = object.mode ?? 'oneOf';
  const checks: boolean[] = [];
  if (object.role && object.role.length > 0) checks.push(matches(mode, object.role, acl.roles));
  if (object.permission && object.permission.length > 0) {
    checks.push(matches(mode, object.permission, acl.permissions));
  }
  return checks.every(Boolean);
}

/** The has-check: true when the rule list holds one of the '#'-separated strings. */
export function hasRule(rules: readonly string[], spec: string): boolean {
  return spec
    .split('#')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .some((s) => rules.includes(s));
}
