import { create } from 'zustand';
import type { TelephonyCall } from '@hotline/contract';

/**
 * The call bar's state, outside the component so a layout switch (which re-mounts the top
 * bar) does not lose a call in progress.
 */
interface CallBarState {
  /** The latest known state of the agent's current or last call. */
  call: TelephonyCall | null;
  /** When the agent last checked out (ms); the sign-in button waits 5 s after it. */
  signedOutAt: number | null;
  /** Ended calls not yet logged because their order's detail was not open. */
  unlogged: TelephonyCall[];
  /** The logged call whose result form is open. */
  resultFor: string | null;
  setCall: (call: TelephonyCall | null) => void;
  signedOut: (at: number) => void;
  addUnlogged: (call: TelephonyCall) => void;
  removeUnlogged: (callOutId: string) => void;
  openResult: (callOutId: string | null) => void;
}

export const useCallBar = create<CallBarState>((set) => ({
  call: null,
  signedOutAt: null,
  unlogged: [],
  resultFor: null,
  setCall: (call) => set({ call }),
  signedOut: (at) => set({ signedOutAt: at }),
  addUnlogged: (call) =>
    set((s) => ({
      unlogged: [...s.unlogged.filter((c) => c.callOutId !== call.callOutId), call],
    })),
  removeUnlogged: (callOutId) =>
    set((s) => ({ unlogged: s.unlogged.filter((c) => c.callOutId !== callOutId) })),
  openResult: (resultFor) => set({ resultFor }),
}));
