import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/**
 * Fan-out writes one message to thousands of sockets. ws frames every send anew and writes
 * header and payload as two buffers (a writev); here the frame is built once per message and
 * each socket gets one plain write of the same bytes. Safe because this server never
 * compresses (`perMessageDeflate: false`, set where the plugin is registered): ws's sender then
 * writes each frame whole, at once, and never holds frames back, so a frame written here
 * cannot land inside one of its own.
 */

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

/** One message, encoded and framed once, for many sockets. */
export class Frame {
  private framed: Buffer | null = null;
  constructor(readonly payload: Buffer) {}

  static of(text: string): Frame {
    return new Frame(Buffer.from(text));
  }

  /** Writes the frame to an open socket's TCP stream (ws.send if the stream is not reachable). */
  sendTo(socket: WebSocket): void {
    const stream = (socket as unknown as { _socket?: Socket })._socket;
    if (stream && stream.writable) {
      this.framed ??= textFrame(this.payload);
      stream.write(this.framed);
    } else {
      socket.send(this.payload, { binary: false });
    }
  }
}
