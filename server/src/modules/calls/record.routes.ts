import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  agentMonitorResponse,
  callOutListBody,
  callOutListResponse,
  callRecordResponse,
  clockBody,
  clockResponse,
  clockStateResponse,
  insertCallOutBody,
  saveCallResultBody,
} from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { clock, clockState } from './clock.service';
import { agentMonitor } from './monitor.service';
import { callOutList, insertCallOut, saveCallResult } from './record.service';

const tags = ['calling'];

/** Call records, clock-in and the agent monitor. */
export function recordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/addons/jsjb/Callout/insertCallOut', {
    schema: {
      tags,
      summary: 'Log a call that ended (one record per call)',
      body: insertCallOutBody,
      response: { 200: callRecordResponse },
    },
    handler: async (request) =>
      ok(
        await insertCallOut(ctx, caller(request), request.body),
        translate('call.logged', request.lang),
      ),
  });

  r.post('/addons/jsjb/Callout/saveResult', {
    schema: {
      tags,
      summary: 'The outbound-call result form: the handling result of your logged call',
      body: saveCallResultBody,
      response: { 200: callRecordResponse },
    },
    handler: async (request) =>
      ok(
        await saveCallResult(ctx, caller(request), request.body),
        translate('call.resultSaved', request.lang),
      ),
  });

  r.post('/addons/jsjb/Callout/callOutList', {
    schema: {
      tags,
      summary: "An order's call records (by orderNum), or the records you may see",
      body: callOutListBody,
      response: { 200: callOutListResponse },
    },
    handler: async (request) => ok(await callOutList(ctx, caller(request), request.body)),
  });

  r.post('/addons/jsjb/huifang/huifangClock', {
    schema: {
      tags,
      summary: 'Clock on (1) or off (0) duty as call-back staff (type 1) or dispatcher (type 2)',
      body: clockBody,
      response: { 200: clockResponse },
    },
    handler: async (request) => {
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
    },
  });

  r.post('/addons/jsjb/huifang/clockState', {
    schema: {
      tags,
      summary: 'Your duty state per clock type',
      response: { 200: clockStateResponse },
    },
    handler: async (request) => ok({ list: await clockState(ctx, caller(request)) }),
  });

  r.post('/common/interface', {
    schema: {
      tags,
      summary: 'Agent monitor: who is on duty, on which seat, on a call',
      response: { 200: agentMonitorResponse },
    },
    handler: async (request) => ok(await agentMonitor(ctx, caller(request))),
  });
}
