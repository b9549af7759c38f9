import { create } from 'zustand';
import type { PushMessageMap } from '@hotline/contract';

/** One job's state as the push channel last told it (`exportJob` messages). */
export type PushedJob = PushMessageMap['exportJob'];

interface ExportJobsState {
  /** Whether the push channel is bound: progress arrives by push, polling is not needed. */
  live: boolean;
  jobs: Record<number, PushedJob>;
  setLive: (live: boolean) => void;
  apply: (job: PushedJob) => void;
}

/** Jobs kept at most (a user has few; the oldest are dropped). */
const MAX_JOBS = 50;

/**
 * Export jobs' progress pushed to the user's own room, for the export dialog. An end state is
 * never replaced by a late `running` (messages of one job arrive in order, but a poll's answer
 * and a push may cross).
 */
export const useExportJobsStore = create<ExportJobsState>((set) => ({
  live: false,
  jobs: {},
  setLive: (live) => set({ live }),
  apply: (job) =>
    set((state) => {
      const known = state.jobs[job.id];
      if (known && known.status !== 'running' && known.status !== 'queued') return state;
      if (known && job.status === 'running' && job.rows < known.rows) return state;
      const ids = Object.keys(state.jobs).map(Number);
      const jobs = { ...state.jobs, [job.id]: job };
      if (ids.length >= MAX_JOBS) delete jobs[Math.min(...ids)];
      return { jobs };
    }),
}));
