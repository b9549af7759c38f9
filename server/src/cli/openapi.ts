import { writeFile } from 'node:fs/promises';
import { generateOpenApi, OPENAPI_FILE } from '../openapi';

/** `npm run openapi`: regenerates docs/openapi.json from the route schemas. */
await writeFile(OPENAPI_FILE, await generateOpenApi());
console.log(`wrote ${OPENAPI_FILE}`);
