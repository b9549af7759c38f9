import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { Frame, streamOf, textFrame } from '../../src/modules/push/frames';

/** Pre-built frames: the header for every length class, and a real ws client reading them. */

let server: WebSocketServer;
let port: number;

beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await once(server, 'listening');
  port = (server.address() as { port: number }).port;
});
afterAll(() => {
  server.close();
});

describe('text frames', () => {
  it('headers: 7-bit, 16-bit and 64-bit lengths', () => {
    expect([...textFrame(Buffer.from('hi')).subarray(0, 2)]).toEqual([0x81, 2]);
    const mid = textFrame(Buffer.alloc(300, 0x61));
    expect([...mid.subarray(0, 4)]).toEqual([0x81, 126, 300 >> 8, 300 & 0xff]);
    expect(mid.length).toBe(304);
    const big = textFrame(Buffer.alloc(70_000, 0x61));
    expect([...big.subarray(0, 2)]).toEqual([0x81, 127]);
    expect(big.readBigUInt64BE(2)).toBe(70_000n);
    expect(big.length).toBe(70_010);
  });

  it('a ws client reads them in order, between frames ws sent itself', async () => {
    const accepted = once(server, 'connection');
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    const got: string[] = [];
    const all = new Promise<void>((resolve) => {
      client.on('message', (data, binary) => {
        expect(binary).toBe(false);
        got.push(data.toString());
        if (got.length === 4) resolve();
      });
    });
    const [socket] = (await accepted) as [WebSocket];
    const long = '长'.repeat(30_000);
    Frame.of('{"a":1}').sendTo(socket);
    socket.send('plain');
    Frame.of(long).sendTo(socket);
    Frame.of('中文').sendTo(socket);
    await all;
    expect(got).toEqual(['{"a":1}', 'plain', long, '中文']);
    client.close();
  });

  it('several messages in one write arrive as separate messages, in order', async () => {
    const accepted = once(server, 'connection');
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    const got: string[] = [];
    const all = new Promise<void>((resolve) => {
      client.on('message', (data) => {
        got.push(data.toString());
        if (got.length === 4) resolve();
      });
    });
    const [socket] = (await accepted) as [WebSocket];
    const parts = ['{"n":1}', 'x'.repeat(200), '{"n":3}'].map((t) => Buffer.from(t));
    const frame = Frame.all(parts);
    frame.sendTo(socket);
    socket.send('after');
    await all;
    expect(got).toEqual(['{"n":1}', 'x'.repeat(200), '{"n":3}', 'after']);
    client.close();
  });

  it('the heartbeat: a protocol ping (answered with a pong) and a message, in one write', async () => {
    const accepted = once(server, 'connection');
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    const pinged = once(client, 'ping');
    const message = once(client, 'message');
    const [socket] = (await accepted) as [WebSocket];
    const ponged = once(socket, 'pong');
    Frame.heartbeat('{"type":"ping","t":1}').sendTo(socket);
    await Promise.all([pinged, ponged]);
    const [data] = (await message) as [Buffer];
    expect(data.toString()).toBe('{"type":"ping","t":1}');
    client.close();
  });

  it('frames written while the socket cannot take them wait their turn: order and bytes kept', async () => {
    const accepted = once(server, 'connection');
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    await once(client, 'open');
    const [socket] = (await accepted) as [WebSocket];
    // The client stops reading: the kernel's buffers fill, then writes queue in the stream.
    client.pause();
    const stream = streamOf(socket);
    if (!stream) throw new Error('no stream under the ws socket');
    const sent: string[] = [];
    let queuedAt = -1;
    for (let i = 0; i < 400; i += 1) {
      const text = `${i}:${'帧'.repeat(10_000 + (i % 7))}`;
      if (i % 3 === 2) socket.send(text);
      else Frame.of(text).sendTo(socket);
      sent.push(text);
      if (queuedAt < 0 && stream.writableLength > 0) queuedAt = i;
    }
    // The path under test was taken: some frames went while others were still queued.
    expect(queuedAt).toBeGreaterThanOrEqual(0);
    expect(queuedAt).toBeLessThan(399);
    const got: string[] = [];
    const all = new Promise<void>((resolve) => {
      client.on('message', (data) => {
        got.push(data.toString());
        if (got.length === sent.length) resolve();
      });
    });
    client.resume();
    await all;
    expect(got.length).toBe(sent.length);
    expect(got.every((text, i) => text === sent[i])).toBe(true);
    client.close();
  });
});
