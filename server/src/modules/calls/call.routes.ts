import type { FastifyInstance } from 'fastify';
import { callEndpoints as ep } from '@hotline/contract';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { caller } from '../../http/access';
import { ok } from '../../http/reply';
import { route } from '../../http/route';
import { callWindowPage } from './call-window';
import { dialOut, hangUp, listCalls } from './dial.service';
import { openRecording } from './record.service';
import { listSeats, releaseSeatFor, takeSeatFor } from './seat.service';
import { telephonyOf } from './telephony-registry';
import { recordRoutes } from './record.routes';

/** Outbound calling (docs/api.md "Calling"; the telephony adapter in docs/telephony.md). */
export function callRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const telephony = telephonyOf(ctx);
    app.addHook('onClose', async () => telephony.close());

    route(app, ep.seats, async (request) => ok(await listSeats(ctx, caller(request))));

    route(app, ep.updateSeat, async (request) => {
      const { seatNo, status } = request.body;
      const auth = caller(request);
      if (status === 1) {
        const data = await takeSeatFor(ctx, auth, seatNo);
        return ok(data, translate('call.seatTakenOk', request.lang, { seat: seatNo }));
      }
      const data = await releaseSeatFor(ctx, auth, seatNo);
      return ok(data, translate('call.seatReleasedOk', request.lang, { seat: seatNo }));
    });

    route(app, ep.dialOut, async (request) => {
      const call = await dialOut(ctx, caller(request), request.body.orderId);
      return ok(call, translate('call.dialling', request.lang, { phone: call.phone }));
    });

    route(app, ep.hangUp, async (request) =>
      ok(
        await hangUp(ctx, caller(request), request.body.callOutId),
        translate('call.hungUp', request.lang),
      ),
    );

    route(app, ep.listCalls, async (request) =>
      ok(await listCalls(ctx, caller(request), request.body)),
    );

    route(app, ep.recording, async (request, reply) => {
      const file = await openRecording(ctx, caller(request), request.params.callOutId);
      return reply
        .header('content-type', 'audio/wav')
        .header('content-length', file.size)
        .header('content-disposition', `inline; filename="${file.name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    });

    route(app, ep.callWindow, async (_request, reply) => {
      const page = callWindowPage();
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', page.csp)
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', 'no-store')
        .send(page.html);
    });

    recordRoutes(app, ctx);
  };
}
