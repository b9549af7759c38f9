/**
 * A fresh `Idempotency-Key`: 128 random bits as hex. `crypto.getRandomValues`, not
 * `randomUUID`, which a console served over plain HTTP on a district's network does not have.
 */
export function newKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
