import { writeSync } from 'node:fs';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/**
 * Fan-out writes one message to thousands of sockets. ws frames every send anew and writes
 * header and payload as two buffers (a writev); here the frame is built once per message and
 * each socket gets one plain write of the same bytes (one write per socket also when it gets
 * several messages at once: a system call per socket is most of what a delivery costs). Safe
 * because this server never compresses (`perMessageDeflate: false`, set where the plugin is
 * registered): ws's sender then writes each frame whole, at once, and never holds frames back,
 * so a frame written here cannot land inside one of its own.
 *
 * The write itself is one write(2) on the socket's descriptor when nothing is queued on the
 * socket (`writeNow`): Node's stream write around the same system call costs about 1.5 µs more
 * per socket (its state, a callback and a tick per write; bench/push-write-floor.mjs), 10 % of
 * a loopback write here. Anything the kernel does not take at once goes through the stream.
 */

/** The raw TCP stream under a ws socket (ws keeps it as `_socket`). */
export function streamOf(socket: WebSocket): Socket | undefined {
  return (socket as unknown as { _socket?: Socket })._socket;
}

/**
 * Writes `bytes` to an open, writable stream: straight to its descriptor when nothing is waiting
 * on it (neither in the stream's buffer nor in libuv's write queue, so the bytes keep their
 * place), through the stream otherwise, or for the part the kernel did not take (a full send
 * buffer), or on an error (the stream's own write meets it again and closes the socket as
 * usual). Never for an encrypted stream (TLS ends at the proxy, but the check costs nothing).
 */
export function writeNow(stream: Socket, bytes: Buffer): void {
  const handle = (stream as unknown as { _handle?: { fd?: number; writeQueueSize?: number } })
    ._handle;
  const fd = handle?.fd;
  if (
    fd !== undefined &&
    fd >= 0 &&
    handle?.writeQueueSize === 0 &&
    stream.writableLength === 0 &&
    stream.writableCorked === 0 &&
    !(stream as { encrypted?: boolean }).encrypted
  ) {
    let written = 0;
    try {
      written = writeSync(fd, bytes);
    } catch {
      // EAGAIN (the send buffer is full), or the connection is gone: the stream takes it.
    }
    if (written === bytes.length) return;
    stream.write(written === 0 ? bytes : bytes.subarray(written));
    return;
  }
  stream.write(bytes);
}

/** A complete unmasked (server → client) text frame around `payload`. */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  let header: Buffer;
  if (n < 126) {
    header = Buffer.from([0x81, n]);
  } else if (n < 65_536) {
    header = Buffer.alloc(4);
    header[0] = 0x81;
    header[1] = 126;
    header.writeUInt16BE(n, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = 0x81;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([header, payload]);
}

/** A protocol ping (opcode 9, unmasked, no payload). */
const PING = Buffer.from([0x89, 0x00]);

/**
 * Messages encoded and framed once for many sockets: one message, several messages a socket
 * gets from one change (one write, not one per message), or the heartbeat (a protocol ping and
 * the `ping` message, one write).
 */
export class Frame {
  private framed: Buffer | null = null;
  private constructor(
    readonly payloads: readonly Buffer[],
    private readonly ping: boolean,
  ) {}

  static of(text: string): Frame {
    return new Frame([Buffer.from(text)], false);
  }

  /** Several encoded messages, in this order, for one write. */
  static all(payloads: readonly Buffer[]): Frame {
    return new Frame(payloads, false);
  }

  /** A protocol ping followed by one message. */
  static heartbeat(text: string): Frame {
    return new Frame([Buffer.from(text)], true);
  }

  /** Writes the frames to an open socket's TCP stream (through ws if it is not reachable). */
  sendTo(socket: WebSocket, stream: Socket | undefined = streamOf(socket)): void {
    if (stream && stream.writable) {
      writeNow(stream, (this.framed ??= this.build()));
      return;
    }
    if (this.ping) socket.ping();
    for (const payload of this.payloads) socket.send(payload, { binary: false });
  }

  private build(): Buffer {
    const parts = this.payloads.map(textFrame);
    if (this.ping) parts.unshift(PING);
    const [only] = parts;
    return parts.length === 1 && only ? only : Buffer.concat(parts);
  }
}
