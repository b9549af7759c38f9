import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * prom-client's default metrics (event-loop delay, heap, GC, CPU, handles): one set per
 * process, however many apps it builds (the tests build many; each set starts a monitor).
 */
let processRegistry: Registry | null = null;

export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
