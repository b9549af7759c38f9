import { describe, expect, it } from 'vitest';
import { PUSH_CLOSE, type PushMessage } from '@hotline/contract';
import {
  BACKOFF_MS,
  PushSocket,
  backoffDelay,
  pushUrl,
  restartDelay,
  type SocketLike,
} from '../src/lib/push-socket';

class FakeSocket implements SocketLike {
  readyState = 1;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closedWith: number | null = null;
  constructor(readonly url: string) {}
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

/** Timers the test advances by hand. */
class Clock {
  now = 0;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private seq = 0;
  set = (fn: () => void, ms: number) => {
    const id = ++this.seq;
    this.timers.push({ at: this.now + ms, fn, id });
    return id;
  };
  clear = (id: unknown) => {
    this.timers = this.timers.filter((t) => t.id !== id);
  };
  advance(ms: number) {
    const end = this.now + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.now = due.at;
      due.fn();
    }
    this.now = end;
  }
}

function harness(bindResult: (id: string) => Promise<unknown> = () => Promise.resolve({})) {
  const sockets: FakeSocket[] = [];
  const clock = new Clock();
  const messages: PushMessage[] = [];
  const bound: string[] = [];
  let reads = 0;
  const push = new PushSocket({
    url: 'ws://host/ws',
    open: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    bind: (id) => {
      bound.push(id);
      return bindResult(id);
    },
    onMessage: (m) => messages.push(m),
    onBound: () => {
      reads += 1;
    },
    random: () => 0.5,
    setTimer: clock.set,
    clearTimer: clock.clear,
  });
  return { push, sockets, clock, messages, bound, reads: () => reads };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('push socket', () => {
  it('binds the init client id, then re-reads counts; messages pass through', async () => {
    const h = harness();
    h.push.start();
    expect(h.sockets).toHaveLength(1);
    h.sockets[0]!.receive({ type: 'init', clientId: 'abc.1', heartbeatMs: 1000 });
    await flush();
    expect(h.bound).toEqual(['abc.1']);
    expect(h.reads()).toBe(1);
    h.sockets[0]!.receive({ type: 'count', menuId: 'jd_dqs', action: 'add', num: 1 });
    h.sockets[0]!.receive({ type: 'nonsense' });
    h.sockets[0]!.receive({ type: 'count', menuId: 'jd_dqs', action: 'bogus', num: 1 });
    expect(h.messages).toEqual([{ type: 'count', menuId: 'jd_dqs', action: 'add', num: 1 }]);
  });

  it('reconnects with growing back-off and re-reads counts after each new bind', async () => {
    const h = harness();
    h.push.start();
    h.sockets[0]!.receive({ type: 'init', clientId: 'a', heartbeatMs: 1000 });
    await flush();
    h.sockets[0]!.drop();
    h.clock.advance(999);
    expect(h.sockets).toHaveLength(1);
    h.clock.advance(1);
    expect(h.sockets).toHaveLength(2);
    h.sockets[1]!.drop();
    h.clock.advance(1999);
    expect(h.sockets).toHaveLength(2);
    h.clock.advance(1);
    expect(h.sockets).toHaveLength(3);
    h.sockets[2]!.receive({ type: 'init', clientId: 'b', heartbeatMs: 1000 });
    await flush();
    expect(h.reads()).toBe(2);
    // A successful bind resets the back-off.
    h.sockets[2]!.drop();
    h.clock.advance(1000);
    expect(h.sockets).toHaveLength(4);
  });

  it('a refused bind closes the socket and retries later', async () => {
    const h = harness(() => Promise.reject(new Error('401')));
    h.push.start();
    h.sockets[0]!.receive({ type: 'init', clientId: 'a', heartbeatMs: 1000 });
    await flush();
    expect(h.sockets[0]!.closedWith).toBe(PUSH_CLOSE.unauthorized);
    expect(h.reads()).toBe(0);
    h.sockets[0]!.drop(PUSH_CLOSE.unauthorized);
    h.clock.advance(1000);
    expect(h.sockets).toHaveLength(2);
  });

  it('a "service restart" close reconnects after a short pause, then backs off afresh', async () => {
    const h = harness();
    h.push.start();
    h.sockets[0]!.receive({ type: 'init', clientId: 'a', heartbeatMs: 1000 });
    await flush();
    // Two failed attempts first: the back-off has grown to 4 s.
    h.sockets[0]!.drop();
    h.clock.advance(1000);
    h.sockets[1]!.drop();
    h.clock.advance(2000);
    expect(h.sockets).toHaveLength(3);
    // The node stops: 250 ms + half the 1 s spread (random 0.5), not 4 s.
    h.sockets[2]!.drop(PUSH_CLOSE.serviceRestart);
    h.clock.advance(749);
    expect(h.sockets).toHaveLength(3);
    h.clock.advance(1);
    expect(h.sockets).toHaveLength(4);
    // Nobody there yet: the ordinary back-off from its first step.
    h.sockets[3]!.drop();
    h.clock.advance(1000);
    expect(h.sockets).toHaveLength(5);
    expect(restartDelay(() => 0)).toBe(250);
    expect(restartDelay(() => 1)).toBe(1250);
  });

  it('a line silent for 2.5 heartbeats is reopened; pings keep it open', async () => {
    const h = harness();
    h.push.start();
    h.sockets[0]!.receive({ type: 'init', clientId: 'a', heartbeatMs: 1000 });
    await flush();
    for (let i = 0; i < 5; i += 1) {
      h.clock.advance(1000);
      h.sockets[0]!.receive({ type: 'ping', t: i });
    }
    expect(h.sockets[0]!.closedWith).toBeNull();
    expect(h.messages.filter((m) => m.type === 'ping')).toHaveLength(5);
    h.clock.advance(2500);
    expect(h.sockets[0]!.closedWith).toBe(4000);
    h.clock.advance(1000);
    expect(h.sockets).toHaveLength(2);
  });

  it('stop closes and never reconnects', () => {
    const h = harness();
    h.push.start();
    h.push.stop();
    expect(h.sockets[0]!.closedWith).toBe(1000);
    h.clock.advance(60_000);
    expect(h.sockets).toHaveLength(1);
  });

  it('back-off doubles to 30 s with ±20 % jitter; wss on https pages', () => {
    expect(backoffDelay(0, () => 0.5)).toBe(1000);
    expect(backoffDelay(3, () => 0.5)).toBe(8000);
    expect(backoffDelay(10, () => 0.5)).toBe(BACKOFF_MS.max);
    expect(backoffDelay(0, () => 0)).toBe(800);
    expect(backoffDelay(0, () => 1)).toBe(1200);
    expect(pushUrl({ protocol: 'https:', host: 'x.gov.cn' })).toBe('wss://x.gov.cn/ws');
    expect(pushUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/ws');
  });
});
