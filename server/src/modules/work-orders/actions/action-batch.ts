import type { MessageKey, MessageParams } from '@hotline/domain';
import type { AppContext } from '../../../context';
import { AppError } from '../../../http/app-error';
import type { AuthContext } from '../../auth/auth-context';
import { runAction, type ActionHooks } from './action.service';

export interface BatchRefusal {
  id: number;
  code: number;
  key: MessageKey;
  params: MessageParams;
}

/**
 * Cy/batchSupervision: one transaction per order, so one refused order (closed, out of scope,
 * locked by someone else) does not undo the others. Ids are taken in the order given, once.
 */
export async function superviseMany(
  ctx: AppContext & ActionHooks,
  auth: AuthContext,
  ids: readonly number[],
  comment: string,
): Promise<{ succeeded: number[]; refused: BatchRefusal[] }> {
  const succeeded: number[] = [];
  const refused: BatchRefusal[] = [];
  for (const id of new Set(ids)) {
    try {
      await runAction(ctx, auth, id, { action: 'supervise', input: { comment } });
      succeeded.push(id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused.push({ id, code: error.code, key: error.key, params: error.params });
    }
  }
  return { succeeded, refused };
}
