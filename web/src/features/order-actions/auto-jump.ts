/** After an action, which order opens next (the theme's auto-jump settings). */

/** Theme settings that turn auto-jump on per action family (docs/console.md, theme settings). */
export type AutoJumpSetting =
  | 'saveAutoJumpOrder'
  | 'banjieAutoJumpOrder'
  | 'hufuAutoJumpOrder'
  | 'huifangAutoJumpOrder'
  | 'fenpaiAutoJumpOrder'
  | 'fenpaiBmAutoJumpOrder';

/** Which auto-jump setting applies; dispatch depends on the kind of host unit chosen. */
export function jumpSetting(
  spec: { jump: AutoJumpSetting | 'dispatch' | null },
  hostKind?: string | null,
): AutoJumpSetting | null {
  if (spec.jump !== 'dispatch') return spec.jump;
  return hostKind === 'department' ? 'fenpaiBmAutoJumpOrder' : 'fenpaiAutoJumpOrder';
}

/**
 * The next order to open after an action: the first order listed after the current one that is
 * still in the queue (`fresh`, the queue as the server lists it now), else the queue's first
 * other order. Without a fresh list, simply the next sibling.
 */
export function nextOrderId(
  current: number,
  siblings: readonly number[],
  fresh: readonly number[] | null,
): number | null {
  const index = siblings.indexOf(current);
  const after = index >= 0 ? siblings.slice(index + 1) : [];
  if (!fresh) return after[0] ?? null;
  const inQueue = new Set(fresh);
  const next = after.find((id) => inQueue.has(id));
  if (next !== undefined) return next;
  return fresh.find((id) => id !== current) ?? null;
}
