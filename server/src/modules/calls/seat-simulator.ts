import type { HangupParty } from '@hotline/domain';
import type { FileStore } from '../../ports';
import type {
  DialRequest,
  RecordingRef,
  SeatRef,
  TelephonyAdapter,
  TelephonyEvent,
  TelephonyEventSink,
} from './telephony';
import { simulatedRecording } from './wav';

/**
 * THE SEAT SIMULATOR — not a telephone system. It places no real call: a dialled number
 * "rings" after `ringAfterMs`, "answers" after `answerAfterMs` (or never: the call ends
 * unanswered after `ringTimeoutMs`), the "customer" may hang up after `customerHangupAfterMs`,
 * and a connected call leaves a short synthetic WAV in the file store (`recordings/…`, shared by
 * every node). Configured by environment (docs/telephony.md) and, in tests, by `configure()`.
 */

export interface SimulatorConfig {
  ringAfterMs: number;
  /** null: nobody answers. */
  answerAfterMs: number | null;
  ringTimeoutMs: number;
  /** null: the customer never hangs up first. */
  customerHangupAfterMs: number | null;
}

const msOrNull = (value: string | undefined, fallback: number | null): number | null => {
  if (value === undefined || value.trim() === '') return fallback;
  if (/^(never|none|off)$/i.test(value.trim())) return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
};

export function simulatorConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SimulatorConfig {
  return {
    ringAfterMs: msOrNull(env.CALL_SIM_RING_MS, 300) ?? 300,
    answerAfterMs: msOrNull(env.CALL_SIM_ANSWER_MS, 3000),
    ringTimeoutMs: msOrNull(env.CALL_SIM_RING_TIMEOUT_MS, 30_000) ?? 30_000,
    customerHangupAfterMs: msOrNull(env.CALL_SIM_CUSTOMER_HANGUP_MS, null),
  };
}

interface LiveCall {
  answeredAt: Date | null;
  timers: NodeJS.Timeout[];
  ended: boolean;
}

export class SeatSimulator implements TelephonyAdapter {
  readonly simulated = true;
  private sink: TelephonyEventSink = async () => {};
  private readonly calls = new Map<string, LiveCall>();
  private readonly seats = new Set<number>();
  /** Events of one call are delivered in order, each after the previous one was applied. */
  private readonly queues = new Map<string, Promise<void>>();
  private config: SimulatorConfig;

  constructor(
    private readonly files: FileStore,
    private readonly now: () => Date,
    config: SimulatorConfig = simulatorConfigFromEnv(),
    private readonly log: (error: unknown) => void = () => {},
  ) {
    this.config = config;
  }

  configure(patch: Partial<SimulatorConfig>): void {
    this.config = { ...this.config, ...patch };
  }

  onEvent(sink: TelephonyEventSink): void {
    this.sink = sink;
  }

  async seatLogin(seat: SeatRef): Promise<void> {
    this.seats.add(seat.seatNo);
  }

  async seatLogout(seat: SeatRef): Promise<void> {
    this.seats.delete(seat.seatNo);
  }

  /** Seats the simulator currently considers logged in (for the docs' monitor example). */
  loggedInSeats(): number[] {
    return [...this.seats].sort((a, b) => a - b);
  }

  async dial(request: DialRequest): Promise<void> {
    const call: LiveCall = { answeredAt: null, timers: [], ended: false };
    this.calls.set(request.callId, call);
    const { ringAfterMs, answerAfterMs, ringTimeoutMs } = this.config;
    const later = (ms: number, run: () => Promise<void>) =>
      call.timers.push(setTimeout(() => void run().catch(this.log), ms));

    later(ringAfterMs, () =>
      this.emit({ type: 'ringing', callId: request.callId, at: this.now() }),
    );
    if (answerAfterMs !== null && answerAfterMs < ringTimeoutMs) {
      later(Math.max(answerAfterMs, ringAfterMs), () => this.answer(request.callId));
    }
    later(ringTimeoutMs, async () => {
      if (!call.answeredAt) await this.end(request.callId, 'system', 'no answer');
    });
  }

  async hangUp(callId: string): Promise<void> {
    await this.end(callId, 'agent', 'agent hung up');
  }

  async close(): Promise<void> {
    for (const call of this.calls.values()) call.timers.forEach(clearTimeout);
    this.calls.clear();
  }

  private async answer(callId: string): Promise<void> {
    const call = this.calls.get(callId);
    if (!call || call.ended) return;
    call.answeredAt = this.now();
    await this.emit({ type: 'answered', callId, at: call.answeredAt });
    const { customerHangupAfterMs } = this.config;
    if (customerHangupAfterMs !== null) {
      call.timers.push(
        setTimeout(
          () => void this.end(callId, 'customer', 'customer hung up').catch(this.log),
          customerHangupAfterMs,
        ),
      );
    }
  }

  private async end(callId: string, hangupBy: HangupParty, reason: string): Promise<void> {
    const call = this.calls.get(callId);
    if (call?.ended) return;
    if (call) {
      call.ended = true;
      call.timers.forEach(clearTimeout);
      this.calls.delete(callId);
    }
    const at = this.now();
    const recording = call?.answeredAt
      ? await this.record(callId, (at.getTime() - call.answeredAt.getTime()) / 1000, at)
      : null;
    await this.emit({ type: 'ended', callId, at, hangupBy, reason, recording });
  }

  private async record(callId: string, seconds: number, at: Date): Promise<RecordingRef> {
    const month = at.toISOString().slice(0, 7).replace('-', '/');
    const path = `recordings/${month}/${callId}.wav`;
    await this.files.put(path, simulatedRecording(seconds));
    return { path };
  }

  private emit(event: TelephonyEvent): Promise<void> {
    const perCall = this.queues;
    const previous = perCall.get(event.callId) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(() => this.sink(event));
    perCall.set(event.callId, next);
    if (event.type === 'ended') {
      void next.finally(() => {
        if (perCall.get(event.callId) === next) perCall.delete(event.callId);
      });
    }
    return next;
  }
}
