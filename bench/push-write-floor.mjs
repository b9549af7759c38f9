// The floor of a push delivery's write loop on this machine (issue 23): what it costs to write
// the same small frame (a ~150-byte WebSocket text frame, the size of a count message) to each
// of N open loopback TCP connections, by the ways Node offers, side by side in one run:
//
//   socket.write      net.Socket#write (what frames.ts does per socket)
//   cork/uncork       every socket corked, written, then all uncorked (the writes leave on uncork)
//   handle.writeBuffer the stream handle's own write (the libuv try-write Node's write ends in),
//                     with a WriteWrap: no stream state, no callbacks
//   fs.writeSync(fd)  one write(2) on the socket's descriptor: the system call and nothing else
//   ws.send           ws's WebSocket#send of the payload (frames it anew: header + payload)
//
// The readers are another process (plain net sockets that count the bytes and drop them), so
// the writer process does only the writes; on loopback the receiver's TCP processing (and the
// reader's wake-up) still runs inside the sender's system call — that part is the kernel's and
// is what `fs.writeSync` measures. Each round writes once to every socket with one method
// (methods in turn), then waits until the readers have every byte before the next.
//
// Usage: node bench/push-write-floor.mjs [--sockets 5000] [--rounds 15] [--bytes 150]
//   [--port 8430] [--priority=P] [--json]
// --priority P: this process and the reader at nice P, and the session's scheduler autogroup
// for the rounds (e.g. -10 on a busy machine; needs root).
import { Buffer } from 'node:buffer';
import { fork } from 'node:child_process';
import { readFileSync, writeFileSync, writeSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { setPriority } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';

const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '15' },
    bytes: { type: 'string', default: '0' },
    port: { type: 'string', default: '8430' },
    priority: { type: 'string' },
    json: { type: 'boolean', default: false },
    // Internal: this process is the reader.
    reader: { type: 'boolean', default: false },
  },
});
const N = Number(args.sockets);
const ROUNDS = Number(args.rounds);
const PORT = Number(args.port);
const PRIORITY = args.priority === undefined ? null : Number(args.priority);

/**
 * With autogroup scheduling nice only orders the threads of one session (see push-fanout.mjs):
 * sets this session's group to `level`, returns what it was (null where it cannot).
 */
function raiseAutogroup(level) {
  if (level === null) return null;
  try {
    const was = Number(/nice (-?\d+)/.exec(readFileSync('/proc/self/autogroup', 'utf8'))?.[1]);
    writeFileSync('/proc/self/autogroup', String(level));
    return Number.isFinite(was) ? was : 0;
  } catch {
    return null;
  }
}

function nice(level) {
  if (level === null) return;
  try {
    setPriority(0, level);
  } catch {
    // no right to raise the priority: leave it
  }
}

// ---------------------------------------------------------------------------------------------
// The reader: N connections; counts what arrives and says when a round's bytes are all in.

async function reader() {
  let received = 0;
  let waitingFor = Infinity;
  const check = () => {
    if (received >= waitingFor) {
      waitingFor = Infinity;
      process.send({ type: 'got', received });
    }
  };
  const sockets = [];
  for (let i = 0; i < N; i += 200) {
    const batch = [];
    for (let j = i; j < Math.min(N, i + 200); j += 1) {
      batch.push(
        new Promise((resolve, reject) => {
          const s = createConnection({ port: PORT, host: '127.0.0.1' }, () => resolve(s));
          s.on('error', reject);
          s.on('data', (chunk) => {
            received += chunk.length;
            check();
          });
          sockets.push(s);
        }),
      );
    }
    await Promise.all(batch);
  }
  process.on('message', (m) => {
    if (m.type === 'wait') {
      waitingFor = m.total;
      check();
    } else if (m.type === 'stop') {
      for (const s of sockets) s.destroy();
      process.exit(0);
    }
  });
  process.send({ type: 'ready' });
}

// ---------------------------------------------------------------------------------------------
// The writer.

/** A complete unmasked text frame (as server/src/modules/push/frames.ts builds it). */
function textFrame(payload) {
  const header =
    payload.length < 126
      ? Buffer.from([0x81, payload.length])
      : Buffer.from([0x81, 126, payload.length >> 8, payload.length & 0xff]);
  return Buffer.concat([header, payload]);
}

function message(bytes) {
  // A count message as the server sends it; --bytes > its size pads the notice.
  const base = {
    type: 'count',
    menuId: 'jd_dqs',
    action: 'add',
    num: 1,
    at: Date.now(),
    notice: {
      msg: '您有新的待签收工单',
      orderNum: '2026112800001',
      assignId: 1000001,
      menuId: 'jd_dqs',
    },
  };
  const size = Buffer.byteLength(JSON.stringify(base));
  const header = size < 126 ? 2 : 4;
  base.notice.msg += 'x'.repeat(Math.max(0, bytes - header - size));
  return Buffer.from(JSON.stringify(base));
}

const median = (list) => {
  const s = [...list].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

async function writer() {
  nice(PRIORITY);
  const payload = message(Number(args.bytes));
  const frame = textFrame(payload);
  const accepted = [];
  const server = createServer({ noDelay: true }, (s) => {
    s.on('error', () => {});
    accepted.push(s);
  });
  await new Promise((resolve) => server.listen(PORT, '127.0.0.1', resolve));
  const child = fork(fileURLToPath(import.meta.url), [
    '--reader',
    '--sockets',
    String(N),
    '--port',
    String(PORT),
  ]);
  const next = (type) =>
    new Promise((resolve) => {
      const on = (m) => {
        if (m.type !== type) return;
        child.off('message', on);
        resolve(m);
      };
      child.on('message', on);
    });
  await next('ready');
  nice(PRIORITY);
  if (PRIORITY !== null) {
    try {
      setPriority(child.pid, PRIORITY);
    } catch {
      // leave it
    }
  }
  while (accepted.length < N) await new Promise((r) => setTimeout(r, 10));
  for (const s of accepted) s.setNoDelay(true);

  // ws over the same sockets (what the server's sockets are): wrapped without a handshake,
  // as WebSocketServer wraps a socket after its upgrade. The readers see only the frames.
  const sockets = accepted.map((s) => {
    const ws = new WebSocket(null, undefined, { autoPong: false });
    ws.setSocket(s, Buffer.alloc(0), { maxPayload: 4096, skipUTF8Validation: false });
    return { net: s, ws, fd: s._handle.fd };
  });
  // The stream handle's own write request (process.binding: deprecated, for this floor only).
  const { WriteWrap } = process.binding('stream_wrap');
  const noop = () => {};

  const methods = {
    'socket.write': () => {
      for (const s of sockets) s.net.write(frame);
    },
    'cork/uncork': () => {
      for (const s of sockets) {
        s.net.cork();
        s.net.write(frame);
      }
      for (const s of sockets) s.net.uncork();
    },
    'handle.writeBuffer': () => {
      for (const s of sockets) {
        const req = new WriteWrap();
        req.handle = s.net._handle;
        req.oncomplete = noop;
        req.async = false;
        req.buffer = frame;
        const err = s.net._handle.writeBuffer(req, frame);
        if (err !== 0) throw new Error(`writeBuffer: ${err}`);
      }
    },
    'fs.writeSync(fd)': () => {
      for (const s of sockets) {
        if (writeSync(s.fd, frame) !== frame.length) throw new Error('short write');
      }
    },
    'ws.send': () => {
      for (const s of sockets) s.ws.send(payload, { binary: false });
    },
  };
  const names = Object.keys(methods);
  const autogroupWas = raiseAutogroup(PRIORITY);
  const times = Object.fromEntries(names.map((n) => [n, []]));
  const cpu = Object.fromEntries(names.map((n) => [n, []]));
  let total = 0;
  // A warm-up round of each, not counted.
  for (let round = -1; round < ROUNDS; round += 1) {
    for (const name of names) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      methods[name]();
      const ms = performance.now() - t0;
      const c = process.cpuUsage(c0);
      if (round >= 0) {
        times[name].push(ms);
        cpu[name].push((c.user + c.system) / 1000);
      }
      total += frame.length * N;
      const got = next('got');
      child.send({ type: 'wait', total });
      await got;
      // Every socket's queue empty before the next round.
      for (const s of sockets) {
        if (s.net.writableLength > 0) await new Promise((r) => s.net.once('drain', r));
      }
    }
  }
  if (autogroupWas !== null) writeFileSync('/proc/self/autogroup', String(autogroupWas));
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const rows = names.map((name) => {
    const us = (ms) => +((ms * 1000) / N).toFixed(2);
    const cpuMs = median(cpu[name]);
    return {
      method: name,
      // CPU time of this process over the loop: what the writes cost, preemption left out.
      cpuUsPerSocket: us(cpuMs),
      cpuMsPer5000: +((cpuMs / N) * 5000).toFixed(1),
      wallUsPerSocket: us(median(times[name])),
      wallMinUsPerSocket: us(Math.min(...times[name])),
    };
  });
  if (args.json) {
    console.log(
      JSON.stringify({ sockets: N, frameBytes: frame.length, rounds: ROUNDS, load, rows }),
    );
  } else {
    console.log(
      `push-write-floor: ${N} loopback sockets, one ${frame.length}-byte frame each, ${ROUNDS} rounds per method` +
        (PRIORITY === null ? '' : `, nice ${PRIORITY}`) +
        `; load average ${load}`,
    );
    console.log(
      'method               CPU µs/socket  CPU ms per 5,000  wall µs/socket (median, min)',
    );
    for (const r of rows) {
      console.log(
        `${r.method.padEnd(20)} ${String(r.cpuUsPerSocket).padStart(13)} ${String(r.cpuMsPer5000).padStart(17)}  ${r.wallUsPerSocket}, ${r.wallMinUsPerSocket}`,
      );
    }
    console.log('(medians over the rounds; CPU = user + system time of the writing process)');
  }
  child.send({ type: 'stop' });
  server.close();
  for (const s of sockets) s.net.destroy();
  setTimeout(() => process.exit(0), 200).unref();
}

if (args.reader) {
  reader().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  writer().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
