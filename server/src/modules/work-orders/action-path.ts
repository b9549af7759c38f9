import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { actionResponse } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import type { AuthContext } from '../auth/auth-context';
import { presentOutcome } from './action.presenter';
import { runAction, type ActionRequest } from './action.service';

/** One action path: validate the body, turn it into one action request, run it, present it. */

export const ACTION_TAGS = ['work-order actions'];

export interface ActionPath<S extends z.ZodType<{ id: number }>> {
  urls: readonly string[];
  summary: string;
  body: S;
  /** The action this body asks for; may look at the caller (one path, two roles). */
  request: (body: z.output<S>, auth: AuthContext) => ActionRequest;
}

/** Registers one action under each of its URLs; every one answers `{order, abilities}`. */
export function actionPath<S extends z.ZodType<{ id: number }>>(
  app: FastifyInstance,
  ctx: AppContext,
  def: ActionPath<S>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const url of def.urls) {
    r.post(url, {
      schema: {
        tags: ACTION_TAGS,
        summary: def.summary,
        body: def.body,
        response: { 200: actionResponse },
      },
      handler: async (request) => {
        const auth = caller(request);
        const body = request.body as z.output<S>;
        const outcome = await runAction(ctx, auth, body.id, def.request(body, auth));
        const reply = await presentOutcome(ctx.db, outcome, auth, ctx.now());
        return ok(reply, translate('ok', request.lang));
      },
    });
  }
}
