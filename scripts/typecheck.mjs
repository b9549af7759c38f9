// Type-checks every workspace with its own tsconfig (they differ in DOM/JSX/node types).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = ['packages/domain', 'packages/contract', 'server', 'web', 'e2e', 'bench'];
let failed = false;
for (const dir of projects) {
  if (!existsSync(`${dir}/tsconfig.json`)) continue;
  const result = spawnSync('npx', ['tsc', '-p', dir], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
