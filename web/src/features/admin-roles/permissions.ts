import { PERMISSIONS, type Permission } from '@hotline/domain';

/** The permission catalogue grouped as the role editor shows it. */

export type PermissionGroup = Permission['group'];

export const GROUP_ORDER: readonly PermissionGroup[] = [
  'district',
  'unit',
  'callback',
  'intake',
  'calls',
  'leader',
];

export function groupedPermissions(): { group: PermissionGroup; items: Permission[] }[] {
  return GROUP_ORDER.map((group) => ({
    group,
    items: PERMISSIONS.filter((p) => p.group === group),
  })).filter((g) => g.items.length > 0);
}

/** A role's rules that the catalogue does not name (built-in roles may hold such). */
export function otherRules(rules: readonly string[]): string[] {
  return rules.filter((r) => !PERMISSIONS.some((p) => p.rule === r));
}
