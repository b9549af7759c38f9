/* global fetch */
// The client processes of bench/push-fanout.mjs (forked by it with --as-client), and the
// HTTP call both use.
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { WebSocket } from 'ws';

/** Wall clock with sub-millisecond resolution (the server's trace uses the same). */
const wallClock = () => performance.timeOrigin + performance.now();

// A client process: connects and binds its share of the sockets, then per armed phase reports
// each armed client's commit → receipt time.

export async function post(base, path, token, body) {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  const reply = await res.json();
  if (reply.code !== 200) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

/** Opens a socket, waits for init, binds it; resolves with the client record. */
function connect(base, node, token, role, sockets) {
  return new Promise((resolve, reject) => {
    // Opened with the token as its subprotocol (pushProtocols in packages/contract/src/push.ts):
    // the server lets only the session that opened a socket bind it.
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, ['hotline.v1', `bearer.${token}`]);
    sockets.push(ws);
    const client = { role, node, match: null };
    ws.on('error', reject);
    ws.on('message', (data) => {
      const arrived = wallClock();
      const msg = JSON.parse(data.toString());
      if (msg.type === 'count') client.match?.(msg, arrived);
      else if (msg.type === 'init') {
        post(base, '/push/bind', token, { clientId: msg.clientId }).catch(reject);
      } else if (msg.type === 'bound') resolve(client);
    });
  });
}

/** What each role waits for in a phase (`id`: the round's order). */
const wanted = {
  // The sign: the district's "pending dispatch" gains the order (street clients get nothing).
  sign: (role, msg, id) =>
    role === 'district' &&
    msg.menuId === 'qu_dfp' &&
    msg.action === 'add' &&
    msg.notice?.assignId === id,
  // The dispatch: every client.
  dispatch: (role, msg, id) =>
    role === 'street'
      ? msg.menuId === 'jd_dqs' && msg.action === 'add' && msg.notice?.assignId === id
      : msg.menuId === 'qu_dfp' && msg.action === 'sub',
};

export async function clientProcess() {
  const sockets = [];
  const clients = [];
  let disarm = null;
  process.on('message', async (m) => {
    if (m.type === 'start') {
      for (let i = 0; i < m.share.length; i += 100) {
        const batch = m.share
          .slice(i, i + 100)
          .map((c) => connect(m.bases[c.node], c.node, m.tokens[c.role], c.role, sockets));
        clients.push(...(await Promise.all(batch)));
      }
      process.send({ type: 'ready' });
    } else if (m.type === 'arm') {
      const { phase, id, via } = m;
      const armed = phase === 'sign' ? clients.filter((c) => c.role === 'district') : clients;
      const results = [];
      let waiting = armed.length;
      const finish = () => {
        disarm = null;
        clearTimeout(timer);
        for (const c of armed) c.match = null;
        process.send({ type: 'done', results, missing: waiting });
      };
      const timer = setTimeout(finish, m.timeoutMs);
      disarm = finish;
      for (const c of armed) {
        c.match = (msg, arrived) => {
          if (!wanted[phase](c.role, msg, id)) return;
          c.match = null;
          results.push({ ms: arrived - msg.at, local: c.node === via });
          waiting -= 1;
          if (waiting === 0) finish();
        };
      }
      process.send({ type: 'armed' });
      if (waiting === 0) finish();
    } else if (m.type === 'disarm') {
      disarm?.();
    } else if (m.type === 'stop') {
      for (const s of sockets) s.terminate();
      process.exit(0);
    }
  });
  process.send({ type: 'up' });
}
