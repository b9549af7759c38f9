import type { HangupParty } from '@hotline/domain';

/**
 * The telephony adapter: what the server needs from a call centre (docs/telephony.md).
 * The server owns seats, calls and records in its database; an adapter only places and ends
 * calls on the call centre's side and reports what happens to them. One implementation ships:
 * the seat simulator (`seat-simulator.ts`), which is NOT a telephone system. A real CTI plugs
 * in by implementing this interface and reporting its events through `onEvent`.
 */

export interface SeatRef {
  seatNo: number;
  agentId: number;
}

export interface DialRequest extends SeatRef {
  /** Our id for the call (telephony_calls.id); events must carry it back. */
  callId: string;
  phone: string;
}

/** A recording the adapter produced, stored relative to DATA_DIR. */
export interface RecordingRef {
  path: string;
}

export type TelephonyEvent =
  | { type: 'ringing'; callId: string; at: Date }
  | { type: 'answered'; callId: string; at: Date }
  | {
      type: 'ended';
      callId: string;
      at: Date;
      hangupBy: HangupParty;
      reason: string;
      recording: RecordingRef | null;
    };

export type TelephonyEventSink = (event: TelephonyEvent) => Promise<void>;

export interface TelephonyAdapter {
  /** Shown in the console and the docs: the simulator says it is one. */
  readonly simulated: boolean;
  /** Subscribe the server's event handler (called once at start-up). */
  onEvent(sink: TelephonyEventSink): void;
  /** The agent checks in to a seat / checks out of it. */
  seatLogin(seat: SeatRef): Promise<void>;
  seatLogout(seat: SeatRef): Promise<void>;
  /** Start calling; ringing, answered and ended arrive later as events. */
  dial(request: DialRequest): Promise<void>;
  /**
   * The agent hangs up. The adapter reports `ended` (hangupBy 'agent') — the simulator before
   * this resolves, a real CTI possibly a moment later (the console polls the call's state).
   */
  hangUp(callId: string): Promise<void>;
  /** Stop timers and connections (server shutdown). */
  close(): Promise<void>;
}
