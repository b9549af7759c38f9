import { maskPhone } from '@hotline/domain';
import type { SmsProvider } from '../../ports';

export interface SentSms {
  mobile: string;
  text: string;
  at: Date;
}

/**
 * SMS SIMULATOR: sends nothing. It writes each message to the server log (so a person running
 * the system can read the code) and keeps the last messages in memory for tests.
 */
export class SimulatedSmsProvider implements SmsProvider {
  readonly name = 'simulator';
  readonly outbox: SentSms[] = [];

  constructor(private readonly log?: (fields: object, message: string) => void) {}

  async send(mobile: string, text: string): Promise<void> {
    this.outbox.push({ mobile, text, at: new Date() });
    if (this.outbox.length > 100) this.outbox.shift();
    // The number masked (138****5678): logs are read by more people than the citizen's data.
    this.log?.(
      { mobile: maskPhone(mobile), text },
      '[SMS simulator] message not sent, logged instead',
    );
  }

  lastCodeFor(mobile: string): string | undefined {
    const last = [...this.outbox].reverse().find((m) => m.mobile === mobile);
    return last?.text.match(/\d{6}/)?.[0];
  }
}
