import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderClient } from '@hotline/contract';
import { generateOpenApi, OPENAPI_FILE } from '../openapi';

/**
 * `npm run openapi`: regenerates what is generated from the endpoint declarations:
 * docs/openapi.json and the console's light client (packages/contract/src/client.ts).
 */
export const CLIENT_FILE = fileURLToPath(
  new URL('../../../packages/contract/src/client.ts', import.meta.url),
);

await writeFile(OPENAPI_FILE, await generateOpenApi());
console.log(`wrote ${OPENAPI_FILE}`);
await writeFile(CLIENT_FILE, renderClient());
console.log(`wrote ${CLIENT_FILE}`);
