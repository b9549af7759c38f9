import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@hotline/domain';
import { serverNodeArgs } from '../../../scripts/server-node-args.mjs';
import { loadSettings } from '../../src/settings';
import { ROOT } from '../production/prod-server';

/**
 * The deployment kit's files agree with the server they run (docs/operations.md "Deployment
 * kit"): stop budgets above SHUTDOWN_TIMEOUT_MS, the heap flag of scripts/server-node-args.mjs,
 * the image built with the same steps as the tests, the proxy's body limit above the upload
 * limit, every variable of the example environment one the server reads. The systemd unit is
 * checked by `systemd-analyze verify` when the machine has it.
 */

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const defaults = loadSettings({});
const SYSTEMD_ANALYZE = spawnSync('systemd-analyze', ['--version']).status === 0;

function unitValue(unit: string, key: string): string {
  const match = new RegExp(`^${key}=(.*)$`, 'm').exec(unit);
  if (!match) throw new Error(`hotline.service has no ${key}=`);
  return match[1]!.trim();
}

/** KEY=value lines of an env file (comments and commented-out lines left out). */
function envFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) out[match[1]!] = match[2]!;
  }
  return out;
}

describe('deploy/hotline.service', () => {
  const unit = read('deploy/hotline.service');

  it('runs the built server with node itself, the heap flag of server-node-args', () => {
    const exec = unitValue(unit, 'ExecStart').split(/\s+/);
    expect(exec[0]).toMatch(/\/node$/);
    expect(exec.slice(1, -1)).toEqual(serverNodeArgs({}));
    expect(exec.at(-1)).toMatch(/\/server\/dist\/main\.js$/);
  });

  it('stops with SIGTERM and waits longer than SHUTDOWN_TIMEOUT_MS', () => {
    expect(unitValue(unit, 'KillSignal')).toBe('SIGTERM');
    expect(unitValue(unit, 'Restart')).toBe('on-failure');
    const stopMs = Number(unitValue(unit, 'TimeoutStopSec')) * 1000;
    const env = envFile(read('deploy/hotline.env.example'));
    expect(stopMs).toBeGreaterThan(defaults.shutdownTimeoutMs);
    expect(stopMs).toBeGreaterThan(Number(env.SHUTDOWN_TIMEOUT_MS));
  });

  it.skipIf(!SYSTEMD_ANALYZE)('passes systemd-analyze verify without a warning', () => {
    const res = spawnSync('systemd-analyze', ['verify', join(ROOT, 'deploy/hotline.service')], {
      encoding: 'utf8',
    });
    expect([res.status, `${res.stdout}${res.stderr}`.trim()]).toEqual([0, '']);
  });
});

describe('deploy/hotline.env.example', () => {
  it('names only variables the server reads, with values it accepts', () => {
    const env = envFile(read('deploy/hotline.env.example'));
    const settingsSource = read('server/src/settings.ts');
    for (const name of Object.keys(env)) expect(settingsSource, name).toContain(`${name}:`);
    const settings = loadSettings(env);
    expect(settings.databaseUrl).toMatch(/^postgres:/);
    expect(settings.redisUrl).toMatch(/^redis:/);
    expect(settings.trustProxy).not.toBe(false);
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('deploy/Dockerfile');
  const runs = [...dockerfile.matchAll(/^RUN (.*(?:\\\n.*)*)$/gm)].map((m) =>
    m[1]!.replace(/\\\n\s*/g, ''),
  );

  it('builds with the steps of CI and the production tests: npm ci, npm run build', () => {
    expect(runs).toContain('npm ci');
    expect(runs).toContain('npm run build');
    expect(read('.ci/run')).toMatch(/^npm ci$/m);
  });

  it('runs the built server with node itself, as a user of its own, with a health check', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile);
    expect(JSON.parse(cmd![1]!)).toEqual(['node', ...serverNodeArgs({}), 'server/dist/main.js']);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health\/(live|ready)/m);
    expect(runs.some((r) => r.startsWith('npm ci --omit=dev'))).toBe(true);
  });
});

describe('deploy/compose.yaml', () => {
  // Read as text (no YAML parser among the dependencies): the node settings live once, in the
  // `x-node` anchor both node services merge.
  const compose = read('deploy/compose.yaml');
  const services = [...compose.matchAll(/^ {2}([a-z0-9-]+):$/gm)].map((m) => m[1]);
  const value = (key: string) => {
    const match = new RegExp(`^\\s+${key}: '?([^'\\n]*)'?$`, 'm').exec(compose);
    if (!match) throw new Error(`compose.yaml has no ${key}`);
    return match[1]!;
  };

  it('two nodes on PostgreSQL 15 and Redis behind nginx, stopped within their grace', () => {
    expect(services).toEqual(
      expect.arrayContaining(['hotline-node1', 'hotline-node2', 'postgres', 'redis', 'proxy']),
    );
    expect(compose.match(/^ {2}hotline-node\d:\n {4}<<: \*node$/gm)).toHaveLength(2);
    expect(compose).toMatch(/^ {4}image: postgres:15$/m);
    expect(compose).toMatch(/^ {4}image: nginx:/m);
    expect(value('DATABASE_URL')).toMatch(/@postgres:5432\//);
    expect(value('REDIS_URL')).toBe('redis://redis:6379');
    expect(value('TRUST_PROXY')).not.toBe('');
    const grace = /^(\d+)s$/.exec(value('stop_grace_period'));
    expect(Number(grace![1]) * 1000).toBeGreaterThan(Number(value('SHUTDOWN_TIMEOUT_MS')));
    // The site file names the nodes by their service names.
    const site = read('deploy/nginx/hotline.conf');
    expect(site).toMatch(/^\s*server hotline-node1:8080\b/m);
    expect(site).toMatch(/^\s*server hotline-node2:8080\b/m);
  });
});

describe('deploy/nginx/hotline.conf', () => {
  it('takes an upload of UPLOAD_MAX_BYTES under /api/', () => {
    const site = read('deploy/nginx/hotline.conf');
    const api = /location \/api\/ \{([^}]*)\}/.exec(site)![1]!;
    const limit = /client_max_body_size (\d+)m;/.exec(api);
    expect(Number(limit![1]) * 1024 * 1024).toBeGreaterThan(UPLOAD_MAX_BYTES);
  });
});
