import type { MessageKey } from '@hotline/domain';
import { ValidationError } from '../../http/validation';

/**
 * A reference the schema could not check (an unknown category, a closed merge target) reported
 * exactly like a schema failure: 400, "field: message", in the caller's language.
 */
export function fieldError(field: string, key: MessageKey, input?: unknown): ValidationError {
  return new ValidationError([{ code: 'custom', path: [field], message: key, input }], 'body');
}
