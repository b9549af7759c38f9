/**
 * The administrator rules of issue 17: the last active administrator cannot be disabled or
 * demoted, and an administrator cannot disable or demote themself (so nobody locks the
 * district out of its own console).
 */
export type AdminChange = 'disable' | 'demote';

export type AdminChangeProblem =
  | { key: 'admin.notYourself'; params: Record<string, never> }
  | { key: 'admin.lastAdmin'; params: Record<string, never> };

export function adminChangeProblem(input: {
  actorId: number;
  targetId: number;
  /** Whether the target is an active (enabled) administrator now. */
  targetIsActiveAdmin: boolean;
  /** Active administrators now, the target included. */
  activeAdmins: number;
  change: AdminChange;
}): AdminChangeProblem | null {
  if (input.actorId === input.targetId) return { key: 'admin.notYourself', params: {} };
  if (input.targetIsActiveAdmin && input.activeAdmins <= 1)
    return { key: 'admin.lastAdmin', params: {} };
  return null;
}
