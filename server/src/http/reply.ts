/** `ok()`'s message when a handler gives none; route.ts says it in the caller's language. */
export const DEFAULT_OK_MSG = 'success';

/** Success envelope. */
export function ok<T>(data: T, msg = DEFAULT_OK_MSG): { code: 200; msg: string; data: T } {
  return { code: 200, msg, data };
}
