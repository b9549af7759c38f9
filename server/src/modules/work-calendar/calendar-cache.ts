import { buildCalendar, type WorkCalendar } from '@hotline/domain';
import type { AppContext } from '../../context';
import { cached } from '../config/config-cache';
import { allDays } from './calendar.repository';

/**
 * The calendar the deadlines are computed on, kept with the configuration cache: a change on
 * this node is seen at once (the service calls `forgetConfig` after its commit), on the other
 * nodes within CONFIG_CACHE_MS — the pattern every setting follows. A few dozen rows a year.
 */
export function workCalendar(ctx: AppContext): Promise<WorkCalendar> {
  return cached(ctx, 'work-calendar', async () => buildCalendar(await allDays(ctx.db)));
}
