/** Success envelope. */
export function ok<T>(data: T, msg = 'success'): { code: 200; msg: string; data: T } {
  return { code: 200, msg, data };
}
