import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../src/app';
import type { DatabaseHandle } from '../../src/db/connect';
import { migrate } from '../../src/db/migrate';
import { SimulatedSmsProvider } from '../../src/modules/auth/sms-provider';
import { DEMO_PASSWORD, seedBase, seedDemoIfEmpty } from '../../src/seed/index';
import { testSettings } from '../../src/settings';
import { bearer } from '../support/test-app';
import { file, multipart } from '../intake/intake-fixtures';

/** The restore drill's steps: seed a database, run the CLIs, look at what came back. */

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup|restore -- …` as the server's CLI, in a child process with `env`. */
export function runCli(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string | undefined>,
): Promise<CliRun> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX_CLI, `src/cli/${script}.ts`, ...args], {
      cwd: SERVER_DIR,
      env: childEnv,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface Seeded {
  orders: { id: number; order_num: string; title: string }[];
  fileUrl: string;
  bytes: Buffer;
}

const ordersOf = (handle: DatabaseHandle) =>
  handle.db.selectFrom('work_orders').select(['id', 'order_num', 'title']).orderBy('id').execute();

async function appOn(handle: DatabaseHandle, dataDir: string) {
  const { app } = await buildApp({
    db: handle.db,
    settings: testSettings({ dataDir }),
    sms: new SimulatedSmsProvider(),
    now: () => new Date(),
  });
  await app.ready();
  const login = async (username: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login/password',
      payload: { username, password: DEMO_PASSWORD },
    });
    return res.json<{ code: number; data: { token: string } | null }>();
  };
  return { app, login };
}

/** A fresh database with the demo accounts, a few orders and one uploaded file. */
export async function seedSource(handle: DatabaseHandle, dataDir: string): Promise<Seeded> {
  await migrate(handle.db);
  await seedBase(handle.db);
  await seedDemoIfEmpty(handle.db, { orders: 12, now: new Date() });
  const { app, login } = await appOn(handle, dataDir);
  try {
    const token = (await login('dispatcher')).data!.token;
    const bytes = Buffer.concat([Buffer.from('备份演练 restore drill\n'), randomBytes(600_000)]);
    const { payload, contentType } = multipart([file('演练.pdf', pdfOf(bytes))]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/file/pUpload',
      headers: { 'content-type': contentType, ...bearer(token) },
      payload,
    });
    const body = res.json<{ code: number; msg: string; data: { url: string } }>();
    if (body.code !== 200) throw new Error(`upload failed: ${body.msg}`);
    return { orders: await ordersOf(handle), fileUrl: body.data.url, bytes: pdfOf(bytes) };
  } finally {
    await app.close();
  }
}

/** Random bytes dressed as a PDF (the upload checks the content matches the extension). */
function pdfOf(body: Buffer): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), body, Buffer.from('\n%%EOF\n')]);
}

/** What `inspectRestored` finds when the restore kept everything `seedSource` made. */
export const servedAsSeeded = (seeded: Seeded) => ({
  orders: seeded.orders,
  signIn: 200,
  download: 200,
  sameBytes: true,
});

/**
 * What an app on the restored database shows: its orders, the file's bytes, a demo sign-in.
 * Closes the database after.
 */
export async function inspectRestored(handle: DatabaseHandle, dataDir: string, seeded: Seeded) {
  const { app, login } = await appOn(handle, dataDir).catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  try {
    const signedIn = await login('admin');
    // The file is not attached yet: only its uploader may download it.
    const token = (await login('dispatcher')).data?.token ?? '';
    const res = await app.inject({ method: 'GET', url: seeded.fileUrl, headers: bearer(token) });
    return {
      orders: await ordersOf(handle),
      signIn: signedIn.code,
      download: res.statusCode,
      sameBytes: res.rawPayload.equals(seeded.bytes),
    };
  } finally {
    await app.close();
    await handle.close();
  }
}
