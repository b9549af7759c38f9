/**
 * A node's graceful stop (docs/operations.md "Production build, start and stop"). The first
 * SIGTERM or SIGINT starts it; the steps main.ts registered then run one after another, the
 * last registered first (the push sockets, then HTTP, then the export jobs, then the database),
 * and the process exits 0. A step that fails is logged and the rest still run; the exit code is
 * then 1. Past `timeoutMs` the process exits 1 with a log line, wherever the steps are.
 *
 * A signal that comes while the node is still starting (migrations, the demo seed) waits for the
 * start to end, so a half-written embedded database is never left behind. Further signals while
 * stopping are logged and otherwise ignored: a terminal's Ctrl-C reaches both `npm start`'s
 * launcher (which passes it on) and the server, so the server often gets two.
 */

export interface ShutdownLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface ShutdownOptions {
  timeoutMs: number;
  /** Ends the process (tests pass their own). */
  exit?: (code: number) => void;
}

interface Step {
  name: string;
  run: () => Promise<void>;
}

/** Log lines in the server's format (pino's JSON) for the time before the app's logger exists. */
export const startupLog: ShutdownLog = {
  info: (fields, message) => writeLine(30, fields, message),
  error: (fields, message) => writeLine(50, fields, message),
};

function writeLine(level: number, fields: object, msg: string): void {
  const line = { level, time: Date.now(), pid: process.pid, ...fields, msg };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

export class Shutdown {
  private readonly steps: Step[] = [];
  private log: ShutdownLog = startupLog;
  private started!: () => void;
  private readonly startup = new Promise<void>((resolve) => (this.started = resolve));
  private stopping: Promise<void> | null = null;
  /** The exit code when every step succeeds: 1 after a failed start. */
  private code = 0;
  private readonly exit: (code: number) => void;

  constructor(private readonly options: ShutdownOptions) {
    this.exit = options.exit ?? ((code) => process.exit(code));
  }

  /** Stops on these signals from now on. */
  listen(signals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): void {
    for (const signal of signals) process.on(signal, () => void this.stop(signal));
  }

  /** From here on, log through the app's logger. */
  useLog(log: ShutdownLog): void {
    this.log = log;
  }

  /** Adds a step; steps run in the reverse order of registration. */
  onStop(name: string, run: () => Promise<void> | void): void {
    this.steps.push({ name, run: async () => run() });
  }

  /** The node has started (or given up starting): a pending stop may go ahead. */
  ready(): void {
    this.started();
  }

  get isStopping(): boolean {
    return this.stopping !== null;
  }

  /** The graceful stop: runs the steps, then exits 0 (1 if a step failed). */
  stop(reason: string): Promise<void> {
    return this.begin({ signal: reason }, 'shutting down');
  }

  /** The start failed: logs why, closes what was opened (the steps so far), exits 1. */
  fail(error: unknown): Promise<void> {
    this.code = 1;
    this.started();
    return this.begin({ err: error }, 'start-up failed; closing what was opened');
  }

  private begin(fields: object, message: string): Promise<void> {
    if (this.stopping) {
      this.log.info(fields, 'shutdown: already stopping');
      return this.stopping;
    }
    this.log.info({ ...fields, timeoutMs: this.options.timeoutMs }, message);
    const timer = setTimeout(() => {
      this.log.error(
        { timeoutMs: this.options.timeoutMs },
        'shutdown: not finished within SHUTDOWN_TIMEOUT_MS, exiting with code 1',
      );
      this.exit(1);
    }, this.options.timeoutMs);
    this.stopping = this.runSteps().then((failed) => {
      clearTimeout(timer);
      this.log.info({ failed }, failed === 0 ? 'shutdown complete' : 'shutdown ended with errors');
      this.exit(failed === 0 ? this.code : 1);
    });
    return this.stopping;
  }

  private async runSteps(): Promise<number> {
    await this.startup;
    let failed = 0;
    for (const step of [...this.steps].reverse()) {
      const t = Date.now();
      try {
        await step.run();
        this.log.info({ step: step.name, ms: Date.now() - t }, 'shutdown: step done');
      } catch (error) {
        failed += 1;
        this.log.error({ step: step.name, err: error }, 'shutdown: step failed');
      }
    }
    return failed;
  }
}
