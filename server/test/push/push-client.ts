import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { parsePushMessage, pushProtocols, type PushMessage } from '@hotline/contract';

/**
 * A push-channel client for the suites: a real WebSocket to a listening node, the messages it
 * received, and the badge counts they imply (as the console applies them).
 */

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export type CountMessage = Extract<PushMessage, { type: 'count' }>;

export class PushClient {
  readonly messages: PushMessage[] = [];
  closeCode: number | null = null;
  clientId = '';
  private waiters: (() => void)[] = [];

  private constructor(
    readonly base: string,
    readonly ws: WebSocket,
    /** The token the socket was opened with (null: anonymous). */
    readonly token: string | null,
  ) {
    ws.on('message', (data: Buffer) => {
      const msg = parsePushMessage(data.toString());
      if (msg) this.messages.push(msg);
      this.wake();
    });
    ws.on('close', (code: number) => {
      this.closeCode = code;
      this.wake();
    });
  }

  /**
   * Opens a socket as the console does: with `token` as its subprotocol (only that session may
   * bind it), or anonymously (null). `answerPings: false` plays a client that has gone silent.
   */
  static async open(base: string, token: string | null, answerPings = true): Promise<PushClient> {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, pushProtocols(token), {
      autoPong: answerPings,
    });
    const client = new PushClient(base, ws, token);
    const init = await client.waitFor((m) => m.type === 'init');
    if (init.type === 'init') client.clientId = init.clientId;
    return client;
  }

  /** POST /api/push/bind on `node` (default: the node the socket is on), in `language`. */
  async bind(token: string | null, node = this.base, clientId = this.clientId, language = 'zh-CN') {
    const res = await fetch(`${node}/api/push/bind`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': language,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ clientId }),
    });
    return (await res.json()) as {
      code: number;
      msg: string;
      data: { rooms: string[]; local: boolean } | null;
    };
  }

  async bound(token: string, node = this.base, language = 'zh-CN'): Promise<string[]> {
    const reply = await this.bind(token, node, this.clientId, language);
    if (reply.code !== 200 || !reply.data) throw new Error(`bind: ${reply.code} ${reply.msg}`);
    if (reply.data.local) await this.waitFor((m) => m.type === 'bound');
    return reply.data.rooms;
  }

  counts(): CountMessage[] {
    return this.messages.filter((m): m is CountMessage => m.type === 'count');
  }

  /** Badge deltas by menu id, as the console applies them. */
  deltas(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const m of this.counts())
      out[m.menuId] = (out[m.menuId] ?? 0) + (m.action === 'add' ? 1 : -1);
    return out;
  }

  waitFor(pred: (m: PushMessage) => boolean, ms = 5000): Promise<PushMessage> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const hit = this.messages.find(pred);
        if (hit) {
          clearTimeout(timer);
          resolve(hit);
          return true;
        }
        return false;
      };
      const timer = setTimeout(
        () =>
          reject(new Error(`no such message in ${ms} ms; got ${JSON.stringify(this.messages)}`)),
        ms,
      );
      if (check()) return;
      const loop = () => {
        if (!check()) this.waiters.push(loop);
      };
      this.waiters.push(loop);
    });
  }

  waitClosed(ms = 5000): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
      const loop = () => {
        if (this.closeCode !== null) {
          clearTimeout(timer);
          resolve(this.closeCode);
        } else this.waiters.push(loop);
      };
      loop();
    });
  }

  close(): void {
    this.ws.close();
  }

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
