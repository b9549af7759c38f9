import type { MessageKey, MessageParams } from '@hotline/domain';

/**
 * A refusal with a code from the domain table and a message key; the handler localises it.
 * `detail` is for the operator's log only (a 5xx refusal is logged with it), never sent.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly detail?: Readonly<Record<string, unknown>>,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: MessageKey, params?: MessageParams) =>
  new AppError(400, key, params);
export const unauthorized = (key: MessageKey, params?: MessageParams) =>
  new AppError(401, key, params);
export const forbidden = (key: MessageKey = 'auth.forbidden', params?: MessageParams) =>
  new AppError(403, key, params);
export const notFound = (key: MessageKey, params?: MessageParams) => new AppError(404, key, params);
export const conflict = (key: MessageKey, params?: MessageParams) => new AppError(409, key, params);
