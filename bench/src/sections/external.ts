import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BenchContext, ResultRow } from './context';

/**
 * Sections measured by their own scripts (push fan-out, XLSX export, console size and render):
 * each runs as a child process with the benchmark database in its environment. A script prints
 * its figures; lines `RESULT {json}` become rows of the table (fields of ResultRow).
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export async function runScript(
  ctx: BenchContext,
  section: string,
  script: string,
  args: string[] = [],
  timeoutSeconds = 900,
): Promise<{ rows: ResultRow[]; output: string }> {
  const path = `${repoRoot}${script}`;
  if (!existsSync(path)) {
    ctx.log(`  ${script}: not present`);
    return {
      rows: [
        {
          section,
          case: script,
          figure: 'not measured: script missing',
          floor: '',
          ratio: '',
          target: '',
          verdict: 'missed',
        },
      ],
      output: '',
    };
  }
  // Through tsx whatever the extension: a .mjs script may import the server's TypeScript.
  const runner = ['--import', 'tsx', path];
  const child = spawn(process.execPath, [...runner, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: ctx.databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
    process.stdout.write(d);
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
    process.stderr.write(d);
  });
  const timer = setTimeout(() => child.kill('SIGTERM'), timeoutSeconds * 1000);
  const code: number = await new Promise((r) => child.once('exit', (c) => r(c ?? 1)));
  clearTimeout(timer);
  const rows: ResultRow[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('RESULT ')) continue;
    try {
      rows.push({
        section,
        ratio: '',
        floor: '',
        target: '',
        verdict: '',
        ...(JSON.parse(line.slice(7)) as Partial<ResultRow>),
      } as ResultRow);
    } catch {
      // not a result line after all
    }
  }
  if (code !== 0) {
    rows.push({
      section,
      case: script,
      figure: `exited with ${code}`,
      floor: '',
      ratio: '',
      target: '',
      verdict: 'missed',
    });
  } else if (rows.length === 0) {
    rows.push({
      section,
      case: script,
      figure: 'see the output below',
      floor: '',
      ratio: '',
      target: '',
      verdict: '',
    });
  }
  return { rows, output };
}
