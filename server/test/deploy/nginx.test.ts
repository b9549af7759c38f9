import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_CLOSE } from '@hotline/contract';
import { openDatabase } from '../../src/db/connect';
import { migrate } from '../../src/db/migrate';
import { DEMO_PASSWORD, seedBase, seedDemoIfEmpty } from '../../src/seed/index';
import { ROOT } from '../production/prod-server';
import { PushClient } from '../push/push-client';
import {
  copyBuiltServer,
  findNginx,
  freePort,
  freshDatabase,
  Nginx,
  Node,
  renderSite,
} from './cluster';

/**
 * The deployment kit run for real (docs/operations.md "Deployment kit"): nginx from the
 * machine's packages with deploy/nginx/hotline.conf in front of two built server nodes
 * (server/dist) on one fresh PostgreSQL database and the machine's Redis. Everything a user
 * does goes through nginx: sign-in, the push socket, uploads and downloads, and a node's
 * graceful stop (its sockets closed with "service restart", the other node taking over). Needs nginx
 * (`.ci/run` installs it); without it the suite is skipped and says so.
 */

const NGINX = findNginx();
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const JSJB = '/api/addons/jsjb';

if (!NGINX) {
  console.warn(
    '[deploy] nginx is not installed: server/test/deploy/nginx.test.ts is skipped ' +
      '(apt-get install -y nginx-light; .ci/run installs it)',
  );
}

interface Reply<T> {
  code: number;
  msg: string;
  data: T;
}

async function post<T>(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en-US',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, ...((await res.json()) as Reply<T>) };
}

/** Push sockets open on a node, from its own /metrics (asked on loopback, as a scraper). */
async function socketsOn(node: Node): Promise<number> {
  const text = await (await fetch(`${node.base}/metrics`)).text();
  const match = /^hotline_push_connections(?:\{[^}]*\})? (\d+)/m.exec(text);
  if (!match) throw new Error(`no hotline_push_connections in /metrics:\n${text.slice(0, 500)}`);
  return Number(match[1]);
}

function standIn(dir: string): string {
  const web = join(dir, 'web');
  mkdirSync(web);
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>12345</title>');
  return web;
}

describe.skipIf(!NGINX)('nginx in front of two server nodes (deploy/nginx/hotline.conf)', () => {
  let dir = '';
  const nodes: Node[] = [];
  const sockets: PushClient[] = [];
  let nginx: Nginx;
  let proxy = '';
  let database: Awaited<ReturnType<typeof freshDatabase>> | null = null;
  let server: ReturnType<typeof copyBuiltServer> | null = null;
  let units: Record<string, number> = {};
  let dbUrl = '';
  /** The street account's socket through nginx, and the node nginx gave it to. */
  let socket: PushClient;
  let socketNode: Node;
  /** The file uploaded through nginx: its download URL, its bytes, a token that may read it. */
  let uploaded: { url: string; content: Buffer; token: string };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hotline-deploy-'));
    database = await freshDatabase();
    dbUrl = database.url;
    // The server seeds no demo data on PostgreSQL: the demo accounts are seeded here first.
    const handle = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 2 });
    await migrate(handle.db);
    await seedBase(handle.db);
    await seedDemoIfEmpty(handle.db, { orders: 0, now: new Date() });
    const rows = await handle.db.selectFrom('units').select(['id', 'code']).execute();
    units = Object.fromEntries(rows.map((u) => [u.code, u.id]));
    await handle.close();

    server = copyBuiltServer();
    // The console as built (web/dist), or a stand-in page when it has not been built here.
    const webDist: Record<string, string> = existsSync(join(ROOT, 'web/dist/index.html'))
      ? {}
      : { WEB_DIST: standIn(dir) };
    const channel = `hotline-test:deploy:${randomBytes(6).toString('hex')}`;
    for (const name of ['node1', 'node2']) {
      nodes.push(
        await Node.start(server.entry, {
          ...webDist,
          PORT: '0',
          DATABASE_URL: dbUrl,
          DATABASE_POOL_SIZE: '3',
          REDIS_URL: REDIS,
          PUSH_CHANNEL: channel,
          TRUST_PROXY: '127.0.0.1',
          DATA_DIR: join(dir, name),
        }),
      );
    }

    const listen = await freePort();
    const ports = nodes.map((n) => Number(new URL(n.base).port)) as [number, number];
    nginx = new Nginx(NGINX!, dir, renderSite(ports, listen));
    proxy = `http://127.0.0.1:${listen}`;
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await nginx?.stop();
    await Promise.all(nodes.map((n) => n.stop()));
    server?.remove();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('nginx -t accepts the site file', () => {
    const { status, output } = nginx.check();
    expect(status, output).toBe(0);
    expect(output).toMatch(/syntax is ok/);
  });

  it('serves health, the API and the console through the proxy; /metrics is not public', async () => {
    await nginx.start(proxy);
    const ready = await fetch(`${proxy}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as Reply<Record<string, string>>).data).toMatchObject({
      database: 'ok',
      migrations: 'ok',
      redis: 'ok',
    });
    expect((await fetch(`${proxy}/metrics`)).status).toBe(404);
    const page = await fetch(`${proxy}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('a socket through nginx gets init, and counts for an order dispatched on the other node', async () => {
    const login = await post<{ token: string }>(proxy, '/api/login/password', {
      username: 'street1',
      password: DEMO_PASSWORD,
    });
    expect(login.code, login.msg).toBe(200);
    const dispatcher = await post<{ token: string }>(proxy, '/api/login/password', {
      username: 'dispatcher',
      password: DEMO_PASSWORD,
    });
    expect(dispatcher.code, dispatcher.msg).toBe(200);

    socket = await PushClient.open(proxy, login.data.token);
    sockets.push(socket);
    expect(socket.clientId).not.toBe('');
    const bound = await socket.bind(login.data.token);
    expect(bound.code, bound.msg).toBe(200);
    await socket.waitFor((m) => m.type === 'bound');

    // Which node nginx gave the socket to, from each node's own gauge; dispatch on the other.
    const counts = await Promise.all(nodes.map(socketsOn));
    expect(counts.slice().sort()).toEqual([0, 1]);
    const other = nodes[counts.indexOf(0)]!;
    socketNode = nodes[counts.indexOf(1)]!;

    const handle = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 1 });
    const now = new Date();
    const { id } = await handle.db
      .insertInto('work_orders')
      .values({
        order_num: `D${now.getTime()}`,
        type_id: 1,
        title: '部署测试工单',
        major_content: '小区门口路灯不亮，影响夜间出行。',
        caller_name: '测试市民',
        caller_phone: '13900000000',
        address: '望湖东里 3 号楼',
        urgency: 'general',
        call_time: now,
        refuse_deadline: new Date(now.getTime() + 24 * 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await handle.close();

    for (const [path, body] of [
      ['cy/a5HandleOrderSignInCy', { id, signType: 1 }],
      ['org/submitHandleOrgInfo', { id, hostUnitId: units.S01 }],
    ] as const) {
      const reply = await post(other.base, `${JSJB}/${path}`, body, dispatcher.data.token);
      expect(reply.code, reply.msg).toBe(200);
    }
    await socket.waitFor(
      (m) => m.type === 'count' && m.menuId === 'jd_dqs' && m.notice?.assignId === id,
    );
  });

  it('a file uploaded through nginx (over nginx’s default 1 MB) downloads from either node', async () => {
    const login = await post<{ token: string }>(proxy, '/api/login/password', {
      username: 'dispatcher',
      password: DEMO_PASSWORD,
    });
    const token = login.data.token;
    const line = Buffer.from('来电人补充：路灯位于南门东侧第二根，已连续三天不亮。\n', 'utf8');
    const content = Buffer.concat(
      Array.from({ length: Math.ceil((3 << 20) / line.length) }, () => line),
    );
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'text/plain' }), '现场说明.txt');
    const res = await fetch(`${proxy}/api/file/pUpload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
      body: form,
    });
    const reply = (await res.json()) as Reply<{ id: number; url: string; size: number }>;
    expect([res.status, reply.code], reply.msg).toEqual([200, 200]);
    expect(reply.data.size).toBe(content.length);

    const download = async (base: string) => {
      const got = await fetch(`${base}${reply.data.url}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(got.status).toBe(200);
      return Buffer.from(await got.arrayBuffer());
    };
    // Through nginx (twice: nginx balances between the nodes) and from each node directly.
    for (const base of [proxy, proxy, ...nodes.map((n) => n.base)]) {
      expect((await download(base)).equals(content)).toBe(true);
    }
    uploaded = { url: reply.data.url, content, token };
  });

  it('a node stopping (SIGTERM) closes its sockets with 1012; the other node serves everything', async () => {
    await socketNode.stop();
    expect(await socket.waitClosed()).toBe(PUSH_CLOSE.serviceRestart);

    // The console reconnects through nginx: the remaining node takes the socket.
    const login = await post<{ token: string }>(proxy, '/api/login/password', {
      username: 'street1',
      password: DEMO_PASSWORD,
    });
    expect(login.code, login.msg).toBe(200);
    const again = await PushClient.open(proxy, login.data.token);
    sockets.push(again);
    const bound = await again.bind(login.data.token);
    expect(bound.code, bound.msg).toBe(200);
    await again.waitFor((m) => m.type === 'bound');

    // nginx passes over the stopped node (its port refuses connections).
    for (let i = 0; i < 4; i += 1) {
      expect((await fetch(`${proxy}/api/health/ready`)).status).toBe(200);
      const got = await fetch(`${proxy}${uploaded.url}`, {
        headers: { authorization: `Bearer ${uploaded.token}` },
      });
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(uploaded.content)).toBe(true);
    }
  });
});
