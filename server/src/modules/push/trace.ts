import { performance } from 'node:perf_hooks';

/**
 * Delivery timings of this node, for the push benchmark only (PUSH_TRACE=1; off by default,
 * and then nothing here runs). Per committed change delivered here: from its commit time `at`
 * to when this node took it up (the acting node's publish; another node's receipt from Redis),
 * to the start of its write loop and to its last socket write — measured inside the server, so
 * the figure does not include the clients' own work (which on one machine competes with the
 * servers for CPU). Kept in a small ring; read through GET /api/push/trace.
 */

export interface DeliveryRecord {
  orderId: number;
  /** Commit time (ms since the epoch), as the messages carry it. */
  at: number;
  /** 'origin': the node that committed; 'relay': a node that got it through Redis. */
  role: 'origin' | 'relay';
  /** Commit → this node took it up (publish on the origin, Redis receipt on a relay), ms. */
  takenMs: number;
  /** Commit → the write loop starts, ms. */
  startMs: number;
  /** Commit → the last socket write returned, ms. */
  lastWriteMs: number;
  /** Sockets written. */
  sockets: number;
}

/** Wall-clock time with sub-millisecond resolution (the same clock as `Date.now()`). */
export const wallClock = (): number => performance.timeOrigin + performance.now();

export class DeliveryTrace {
  private readonly ring: (DeliveryRecord | undefined)[];
  private next = 0;

  constructor(readonly capacity = 1024) {
    this.ring = new Array<DeliveryRecord | undefined>(capacity);
  }

  record(entry: DeliveryRecord): void {
    this.ring[this.next % this.capacity] = entry;
    this.next += 1;
  }

  /** The kept records, oldest first. */
  list(): DeliveryRecord[] {
    const out: DeliveryRecord[] = [];
    for (let i = Math.max(0, this.next - this.capacity); i < this.next; i += 1) {
      const entry = this.ring[i % this.capacity];
      if (entry) out.push(entry);
    }
    return out;
  }
}
