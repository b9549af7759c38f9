import { nextCallState, type CallState } from '@hotline/domain';
import type { AppContext } from '../../context';
import { fileStoreOf } from '../files/file-store';
import { callDb } from './call.tables';
import { moveCall } from './call.repository';
import { SeatSimulator } from './seat-simulator';
import type { TelephonyAdapter, TelephonyEvent } from './telephony';

/**
 * One telephony adapter per server (per AppContext). This deployment ships the seat
 * simulator; a real CTI adapter would be chosen here (docs/telephony.md).
 */

const adapters = new WeakMap<AppContext, TelephonyAdapter>();

export function telephonyOf(ctx: AppContext): TelephonyAdapter {
  let adapter = adapters.get(ctx);
  if (!adapter) {
    adapter = new SeatSimulator(fileStoreOf(ctx), ctx.now, undefined, (error) =>
      console.error('[seat simulator]', error),
    );
    adapter.onEvent((event) => applyTelephonyEvent(ctx, event));
    adapters.set(ctx, adapter);
  }
  return adapter;
}

/** The simulator of this server, for tests that set its answer delay. */
export function simulatorOf(ctx: AppContext): SeatSimulator {
  const adapter = telephonyOf(ctx);
  if (!(adapter instanceof SeatSimulator)) throw new Error('not the seat simulator');
  return adapter;
}

const EVENT = { ringing: 'ring', answered: 'answer', ended: 'hangup' } as const;
const STATES_BEFORE: Record<CallState, CallState[]> = {
  dialing: [],
  ringing: ['dialing'],
  answered: ['ringing'],
  ended: ['dialing', 'ringing', 'answered'],
};

/** Writes an adapter event to the call log; an event that no longer applies changes nothing. */
export async function applyTelephonyEvent(ctx: AppContext, event: TelephonyEvent): Promise<void> {
  const db = callDb(ctx.db);
  const to =
    event.type === 'ringing' ? 'ringing' : event.type === 'answered' ? 'answered' : 'ended';
  // The domain's transition table decides which states the event may leave.
  const from = STATES_BEFORE[to].filter((s) => nextCallState(s, EVENT[event.type]) === to);
  if (event.type === 'ended') {
    await moveCall(db, event.callId, from, 'ended', {
      endedAt: event.at,
      hangupBy: event.hangupBy,
      reason: event.reason,
      recordingPath: event.recording?.path ?? null,
    });
  } else if (event.type === 'answered') {
    await moveCall(db, event.callId, from, 'answered', { answeredAt: event.at });
  } else {
    await moveCall(db, event.callId, from, 'ringing');
  }
}
