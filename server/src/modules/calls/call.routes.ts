import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  callIdBody,
  callListBody,
  callListResponse,
  callResponse,
  dialBody,
  seatListBody,
  seatListResponse,
  seatUpdateBody,
  seatUpdateResponse,
  recordingParams,
} from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { callWindowPage } from './call-window';
import { dialOut, hangUp, listCalls } from './dial.service';
import { openRecording } from './record.service';
import { listSeats, releaseSeatFor, takeSeatFor } from './seat.service';
import { telephonyOf } from './telephony-registry';
import { recordRoutes } from './record.routes';

const tags = ['calling'];

/** Outbound calling (docs/api.md "Calling"; the telephony adapter in docs/telephony.md). */
export function callRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const telephony = telephonyOf(ctx);
    app.addHook('onClose', async () => telephony.close());
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/addons/call/Callseat/getList', {
      schema: {
        tags,
        summary: 'The seats offered to you (12 seats; seats of other logged-in agents hidden)',
        body: seatListBody.optional(),
        response: { 200: seatListResponse },
      },
      handler: async (request) => ok(await listSeats(ctx, caller(request))),
    });

    r.post('/addons/call/Callseat/update', {
      schema: {
        tags,
        summary: 'Take a seat (status 1, check in) or release it (status 0, check out)',
        body: seatUpdateBody,
        response: { 200: seatUpdateResponse },
      },
      handler: async (request) => {
        const { seatNo, status } = request.body;
        const auth = caller(request);
        if (status === 1) {
          const data = await takeSeatFor(ctx, auth, seatNo);
          return ok(data, translate('call.seatTakenOk', request.lang, { seat: seatNo }));
        }
        const data = await releaseSeatFor(ctx, auth, seatNo);
        return ok(data, translate('call.seatReleasedOk', request.lang, { seat: seatNo }));
      },
    });

    r.post('/addons/call/index/dialout', {
      schema: {
        tags,
        summary: 'Call the caller of an order you may read, from your seat',
        body: dialBody,
        response: { 200: callResponse },
      },
      handler: async (request) => {
        const call = await dialOut(ctx, caller(request), request.body.orderId);
        return ok(call, translate('call.dialling', request.lang, { phone: call.phone }));
      },
    });

    r.post('/addons/call/index/hangup', {
      schema: {
        tags,
        summary: 'Hang up your call',
        body: callIdBody,
        response: { 200: callResponse },
      },
      handler: async (request) =>
        ok(
          await hangUp(ctx, caller(request), request.body.callOutId),
          translate('call.hungUp', request.lang),
        ),
    });

    r.post('/addons/call/index/getList', {
      schema: {
        tags,
        summary: 'Your calls with their live state, newest first (poll one by callOutId)',
        body: callListBody,
        response: { 200: callListResponse },
      },
      handler: async (request) => ok(await listCalls(ctx, caller(request), request.body)),
    });

    r.get('/addons/call/recording/:callOutId', {
      schema: { tags, summary: "A call's recording (WAV)", params: recordingParams },
      handler: async (request, reply) => {
        const file = await openRecording(ctx, caller(request), request.params.callOutId);
        return reply
          .header('content-type', 'audio/wav')
          .header('content-length', file.size)
          .header('content-disposition', `inline; filename="${file.name}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    });

    r.get('/addons/call/window', {
      config: { access: 'public' },
      schema: { tags, summary: 'The call-window page for the embedded frame (postMessage)' },
      handler: async (_request, reply) => {
        const page = callWindowPage();
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-security-policy', page.csp)
          .header('x-frame-options', 'SAMEORIGIN')
          .header('cache-control', 'no-store')
          .send(page.html);
      },
    });

    recordRoutes(app, ctx);
  };
}
