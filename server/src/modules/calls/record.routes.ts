import type { FastifyInstance } from 'fastify';
import { callEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { clock, clockState } from './clock.service';
import { agentMonitor } from './monitor.service';
import { callOutList, insertCallOut, saveCallResult } from './record.service';

/** Call records, clock-in and the agent monitor. */
export function recordRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ep.insertCallOut, async (request) =>
    ok(
      await insertCallOut(ctx, caller(request), request.body),
      translate('call.logged', request.lang),
    ),
  );

  route(app, ep.saveResult, async (request) =>
    ok(
      await saveCallResult(ctx, caller(request), request.body),
      translate('call.resultSaved', request.lang),
    ),
  );

  route(app, ep.callOutList, async (request) =>
    ok(await callOutList(ctx, caller(request), request.body)),
  );

  route(app, ep.clock, async (request) => {
    const { duty, changed } = await clock(ctx, caller(request), request.body, request.ip);
    const key = duty.onDuty
      ? changed
        ? 'clock.onDuty'
        : 'clock.alreadyOn'
      : changed
        ? 'clock.offDuty'
        : 'clock.alreadyOff';
    const msg = translate(key, request.lang);
    return ok({ ...duty, msg }, msg);
  });

  route(app, ep.clockState, async (request) =>
    ok({ list: await clockState(ctx, caller(request)) }),
  );

  route(app, ep.agentMonitor, async (request) => ok(await agentMonitor(ctx, caller(request))));
}
