import { resolve } from 'node:path';
import { z } from 'zod';
import { LIST_TOTAL_CAP, type ThrottleClass } from '@hotline/contract';

/** Runtime settings from the environment, checked once at start-up. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: z.string().url().optional(),
  PUSH_CHANNEL: z.string().min(1).max(100).default('hotline:push'),
  PUSH_HEARTBEAT_MS: z.coerce.number().int().min(50).max(300_000).default(25_000),
  PUSH_TRACE: z.enum(['0', '1']).default('0'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .default(30 * 60),
  SESSION_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 60 * 60),
  SSO_SHARED_SECRET: z.string().min(32).optional(),
  SSO_PUBLIC_KEY: z.string().optional(),
  SSO_AUDIENCE: z.string().default('hotline-12345'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  EXPORT_RETENTION_HOURS: z.coerce.number().positive().max(8760).default(24),
  CONFIG_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  DEADLINE_SWEEP_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  DEADLINE_SWEEP_BATCH: z.coerce.number().int().min(1).max(10_000).default(200),
  KEYWORD_SCAN_ROWS: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  KEYWORD_IDS_MAX: z.coerce.number().int().min(0).max(100_000).default(8_000),
  KEYWORD_SAMPLE_ROWS: z.coerce.number().int().min(0).max(100_000).default(2_000),
  LIST_TOTAL_CAP: z.coerce.number().int().min(1).max(10_000_000).default(LIST_TOTAL_CAP),
  LIST_TOTAL_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(200),
  LIST_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  METRICS_TOKEN: z.string().min(16).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  XLSX_EXPORTS_PER_NODE: z.coerce.number().int().min(1).max(64).default(2),
  XLSX_EXPORTS_PER_USER: z.coerce.number().int().min(1).max(64).default(1),
  XLSX_EXPORT_QUEUE: z.coerce.number().int().min(0).max(1000).default(20),
  XLSX_EXPORT_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  RATE_LIMIT_LOGIN: z.coerce.number().int().min(1).max(1_000_000).default(20),
  RATE_LIMIT_SMS: z.coerce.number().int().min(1).max(1_000_000).default(5),
  RATE_LIMIT_LOOKUP: z.coerce.number().int().min(1).max(1_000_000).default(10),
  RATE_LIMIT_INTEGRATION: z.coerce.number().int().min(1).max(1_000_000).default(600),
  RATE_LIMIT_EXEMPT: z.string().default('127.0.0.1,::1'),
});

export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  /** Redis pub/sub channel of the push fan-out (one per deployment). */
  pushChannel: string;
  pushHeartbeatMs: number;
  /** Benchmarks only: keep per-change delivery timings, served at GET /api/push/trace. */
  pushTrace: boolean;
  accessTokenTtlSeconds: number;
  sessionMaxAgeSeconds: number;
  sso: { sharedSecret?: string; publicKey?: string; audience: string };
  logLevel: string;
  webDist: string | undefined;
  /** Proxy addresses whose X-Forwarded-For is believed; none by default. */
  trustProxy: string[] | false;
  /** Hours a finished CSV export job's file is kept before it is deleted (job: `expired`). */
  exportRetentionHours: number;
  /** How long a node keeps the configuration and menu tables (0: read them every time). */
  configCacheMs: number;
  /** Reminders and escalation (issue 21): ms between a node's sweeps (0: this node does not sweep). */
  deadlineSweepMs: number;
  /** Due jobs claimed per sweep transaction. */
  deadlineSweepBatch: number;
  /**
   * A keyword list whose other clauses keep at most this many orders (planner's estimate) tests
   * the keyword on those rows instead of the search index (search-page.ts, keywordPlan); 0: never.
   */
  keywordScanRows: number;
  /**
   * A keyword with at most this many matches in all is read as the list of them
   * (search-in-hand.ts); 0: never.
   */
  keywordIdsMax: number;
  /**
   * A frequent keyword tested on the rows of a list of more than SAMPLED_PAST times this many
   * orders has its total estimated from a sample of about this many of them (list-total-rows.ts);
   * 0: always counted.
   */
  keywordSampleRows: number;
  /** Longest a list page's own statements may run (ms, PostgreSQL only); 0 = no limit. */
  listStatementTimeoutMs: number;
  /** A list's totalCount counts at most this many rows, then says `totalCapped`. */
  listTotalCap: number;
  /**
   * A capped total still counting after this long is answered with the planner's estimate
   * (`totalEstimated`); 0: no bound. PostgreSQL only (PGlite has no statement timeout).
   */
  listTotalTimeoutMs: number;
  /** Bearer token GET /metrics requires; unset: only loopback callers are served. */
  metricsToken: string | undefined;
  /** A stop (SIGTERM, SIGINT) that has not finished after this long exits with code 1. */
  shutdownTimeoutMs: number;
  /** The node's XLSX export budget (exports/export-gate.ts). */
  xlsxExports: { perNode: number; perUser: number; queueLength: number; waitMs: number };
  /** Requests per minute per client address of each throttled class of endpoint. */
  rateLimits: Record<ThrottleClass, number>;
  /** Client addresses never throttled (loopback by default: health checks, tests, benchmarks). */
  rateLimitExempt: string[];
}

export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    pushChannel: e.PUSH_CHANNEL,
    pushHeartbeatMs: e.PUSH_HEARTBEAT_MS,
    pushTrace: e.PUSH_TRACE === '1',
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    sessionMaxAgeSeconds: e.SESSION_MAX_AGE_SECONDS,
    sso: {
      sharedSecret: e.SSO_SHARED_SECRET,
      publicKey: e.SSO_PUBLIC_KEY,
      audience: e.SSO_AUDIENCE,
    },
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    exportRetentionHours: e.EXPORT_RETENTION_HOURS,
    configCacheMs: e.CONFIG_CACHE_MS,
    deadlineSweepMs: e.DEADLINE_SWEEP_MS,
    deadlineSweepBatch: e.DEADLINE_SWEEP_BATCH,
    keywordScanRows: e.KEYWORD_SCAN_ROWS,
    keywordIdsMax: e.KEYWORD_IDS_MAX,
    keywordSampleRows: e.KEYWORD_SAMPLE_ROWS,
    listStatementTimeoutMs: e.LIST_STATEMENT_TIMEOUT_MS,
    listTotalCap: e.LIST_TOTAL_CAP,
    listTotalTimeoutMs: e.LIST_TOTAL_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    xlsxExports: {
      perNode: e.XLSX_EXPORTS_PER_NODE,
      perUser: e.XLSX_EXPORTS_PER_USER,
      queueLength: e.XLSX_EXPORT_QUEUE,
      waitMs: e.XLSX_EXPORT_WAIT_MS,
    },
    rateLimits: {
      login: e.RATE_LIMIT_LOGIN,
      sms: e.RATE_LIMIT_SMS,
      lookup: e.RATE_LIMIT_LOOKUP,
      integration: e.RATE_LIMIT_INTEGRATION,
    },
    rateLimitExempt: e.RATE_LIMIT_EXEMPT.split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  };
}

function parseTrustProxy(value: string | undefined): string[] | false {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== 'false');
  return list.length > 0 ? list : false;
}

/** Settings for tests and tools: defaults plus overrides, no environment. */
export function testSettings(overrides: Partial<Settings> = {}): Settings {
  // No configuration cache: tests change configuration straight in the database. No time
  // budget on list totals: a busy test machine must not turn exact totals into estimates
  // (list-total-budget.test.ts sets one).
  return {
    ...loadSettings({}),
    logLevel: 'silent',
    configCacheMs: 0,
    listTotalTimeoutMs: 0,
    // Tests sweep the deadline jobs themselves, with a moved clock.
    deadlineSweepMs: 0,
    ...overrides,
  };
}
