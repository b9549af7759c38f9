import { AppError } from '../../http/app-error';

/** Frees a slot taken with `ExportGate.enter`; calling it twice frees it once. */
export type Release = () => void;

interface Waiter {
  userId: number;
  admit: (release: Release) => void;
  refuse: (error: AppError) => void;
  timer: ReturnType<typeof setTimeout>;
}

export interface GateLimits {
  /** XLSX exports one node writes at once. */
  perNode: number;
  /** XLSX exports one user has running or waiting at once. */
  perUser: number;
  /** Exports that may wait for a slot; past it a request is refused at once. */
  queueLength: number;
  /** How long a request waits for a slot before it is refused. */
  waitMs: number;
}

/**
 * The node's budget for XLSX exports (issue 19): at most `perNode` written at once, so
 * interactive requests keep their latency while exports run; a user has at most `perUser`
 * running or waiting (429 `export.userBusy` at once); others wait first-come first-served for a
 * slot, up to `waitMs` (429 `export.busy`, naming their place in the queue), and a full queue
 * refuses at once. A request whose client goes away leaves the queue.
 */
export class ExportGate {
  private running = 0;
  private readonly queue: Waiter[] = [];
  private readonly perUser = new Map<number, number>();

  constructor(private readonly limits: GateLimits) {}

  get active(): number {
    return this.running;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves with a release once a slot is free; rejects with a 429 AppError. */
  enter(userId: number, gone?: AbortSignal): Promise<Release> {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.limits.perUser) {
      return Promise.reject(new AppError(429, 'export.userBusy', { n: mine }));
    }
    if (this.running < this.limits.perNode && this.queue.length === 0) {
      return Promise.resolve(this.admit(userId));
    }
    if (this.queue.length >= this.limits.queueLength) {
      return Promise.reject(new AppError(429, 'export.busy', { place: this.queue.length + 1 }));
    }
    this.perUser.set(userId, mine + 1);
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        userId,
        admit: resolve,
        refuse: reject,
        timer: setTimeout(() => {
          const place = this.queue.indexOf(waiter) + 1;
          this.leave(waiter);
          reject(new AppError(429, 'export.busy', { place }));
        }, this.limits.waitMs),
      };
      this.queue.push(waiter);
      gone?.addEventListener('abort', () => {
        if (!this.queue.includes(waiter)) return;
        this.leave(waiter);
        reject(new AppError(429, 'export.busy', { place: 0 }));
      });
    });
  }

  private leave(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    const i = this.queue.indexOf(waiter);
    if (i >= 0) this.queue.splice(i, 1);
    this.dropUser(waiter.userId);
  }

  private dropUser(userId: number): void {
    const n = (this.perUser.get(userId) ?? 1) - 1;
    if (n <= 0) this.perUser.delete(userId);
    else this.perUser.set(userId, n);
  }

  private admit(userId: number, counted = false): Release {
    this.running += 1;
    if (!counted) this.perUser.set(userId, (this.perUser.get(userId) ?? 0) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.running -= 1;
      this.dropUser(userId);
      this.next();
    };
  }

  private next(): void {
    while (this.running < this.limits.perNode && this.queue.length > 0) {
      const waiter = this.queue.shift()!;
      clearTimeout(waiter.timer);
      waiter.admit(this.admit(waiter.userId, true));
    }
  }
}
