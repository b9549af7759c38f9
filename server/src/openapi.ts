import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { openDatabase } from './db/connect';
import { SimulatedSmsProvider } from './modules/auth/sms-provider';
import { testSettings } from './settings';

export const OPENAPI_FILE = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));

/** The OpenAPI document as checked in: generated from the same zod schemas the routes use. */
export async function generateOpenApi(): Promise<string> {
  // Building routes touches no database; the pool below never connects.
  const handle = await openDatabase({
    kind: 'postgres',
    url: 'postgres://unused@127.0.0.1:1/unused',
    poolSize: 1,
  });
  const { app } = await buildApp({
    db: handle.db,
    settings: testSettings(),
    sms: new SimulatedSmsProvider(),
    now: () => new Date(),
  });
  await app.ready();
  const document = app.swagger();
  await app.close();
  await handle.close();
  return `${JSON.stringify(document, null, 2)}\n`;
}
