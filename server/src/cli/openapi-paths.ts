import { readFile } from 'node:fs/promises';
import { generateOpenApi, OPENAPI_FILE } from '../openapi';

/**
 * `npx tsx server/src/cli/openapi-paths.ts`: compares the operations (method and path) of the
 * routes as they are now with docs/openapi.json, ignoring summaries and schemas. A refactoring
 * of routes must print "same operations".
 */
type Doc = { paths: Record<string, Record<string, unknown>> };
const operations = (doc: Doc) =>
  new Set(
    Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)),
  );

const before = operations(JSON.parse(await readFile(OPENAPI_FILE, 'utf8')) as Doc);
const after = operations(JSON.parse(await generateOpenApi()) as Doc);
const gone = [...before].filter((op) => !after.has(op));
const added = [...after].filter((op) => !before.has(op));
for (const op of gone) console.log(`- ${op}`);
for (const op of added) console.log(`+ ${op}`);
console.log(gone.length + added.length === 0 ? 'same operations' : 'operations differ');
process.exit(gone.length + added.length === 0 ? 0 : 1);
