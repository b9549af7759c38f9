import type { PushMessageMap } from '@hotline/contract';
import { noticeText, type Lang } from '@hotline/domain';
import { Frame } from './frames';

/**
 * A committed change as the push channel sends it, and its count messages: each encoded once
 * per language, and the bytes of each combination of them one socket gets, for one write.
 */

export interface RoomDelta {
  room: string;
  menuId: string;
  action: 'add' | 'sub';
}

/** What one committed change sends: its deltas and the order a notice names. */
export interface OrderPush {
  orderId: number;
  orderNum: string;
  /** Commit time, ms since the epoch. */
  at: number;
  deltas: RoomDelta[];
}

function countMessage(push: OrderPush, delta: RoomDelta, lang: Lang): PushMessageMap['count'] {
  const msg = delta.action === 'add' ? noticeText(delta.menuId, lang) : null;
  return {
    menuId: delta.menuId,
    action: delta.action,
    num: 1,
    at: push.at,
    ...(msg
      ? { notice: { msg, orderNum: push.orderNum, assignId: push.orderId, menuId: delta.menuId } }
      : {}),
  };
}

/** A socket's deltas of one change are a bit mask: at most this many per write. */
export const MAX_DELTAS_PER_WRITE = 30;

/**
 * The frames of one change: each delta's message encoded once per language, and the bytes
 * for each combination of deltas a socket gets (few: the sockets of one audience share rooms).
 */
export class DeltaFrames {
  private readonly payloads = new Map<string, Buffer>();
  private readonly frames = new Map<string, Frame>();
  private lastMask = -1;
  private lastLang: Lang | null = null;
  private last: Frame | null = null;

  constructor(
    private readonly push: OrderPush,
    private readonly deltas: readonly RoomDelta[],
    private readonly encode: (body: PushMessageMap['count']) => string,
  ) {}

  of(mask: number, lang: Lang): Frame {
    if (this.last && mask === this.lastMask && lang === this.lastLang) return this.last;
    const key = `${mask}:${lang}`;
    let frame = this.frames.get(key);
    if (!frame) {
      const parts: Buffer[] = [];
      this.deltas.forEach((delta, i) => {
        if ((mask & (1 << i)) !== 0) parts.push(this.payload(i, delta, lang));
      });
      frame = Frame.all(parts);
      this.frames.set(key, frame);
    }
    this.lastMask = mask;
    this.lastLang = lang;
    this.last = frame;
    return frame;
  }

  private payload(i: number, delta: RoomDelta, lang: Lang): Buffer {
    const key = `${i}:${lang}`;
    let bytes = this.payloads.get(key);
    if (!bytes) {
      bytes = Buffer.from(this.encode(countMessage(this.push, delta, lang)));
      this.payloads.set(key, bytes);
    }
    return bytes;
  }
}
