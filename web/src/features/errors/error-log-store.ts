import { create } from 'zustand';

/** A runtime error caught in the browser ("system exception capture", spec section 8). */
export interface CapturedError {
  message: string;
  stack: string;
  url: string;
  time: string;
}

interface ErrorLogState {
  errors: CapturedError[];
  /**
   * 系统配置 `is_error_log` (on until the web config says otherwise): off, runtime errors are
   * neither collected here nor reported to the server.
   */
  enabled: boolean;
  add: (error: CapturedError) => void;
  clear: () => void;
  setEnabled: (enabled: boolean) => void;
}

/** Older entries beyond this are dropped. */
const MAX_ERRORS = 50;

export const useErrorLogStore = create<ErrorLogState>((set) => ({
  errors: [],
  enabled: true,
  add: (error) =>
    set((state) =>
      state.enabled ? { errors: [...state.errors, error].slice(-MAX_ERRORS) } : state,
    ),
  clear: () => set({ errors: [] }),
  setEnabled: (enabled) => set(enabled ? { enabled } : { enabled, errors: [] }),
}));

/** The web config's error-log switch: on unless `is_error_log` is '0' (and before it is read). */
export function errorLogSwitch(config: Readonly<Record<string, string>> | undefined): boolean {
  return config?.is_error_log !== '0';
}

/**
 * Whether client error reports may be sent now (the request layer's report asks this); the
 * switch as the shell last read it.
 */
export function errorReportsAllowed(): boolean {
  return useErrorLogStore.getState().enabled;
}

/** Environments in which runtime errors are collected (the reference's errorLog setting). */
export const ERROR_LOG_ENVIRONMENTS = ['production'] as const;

export function errorLogEnabled(mode: string): boolean {
  return (ERROR_LOG_ENVIRONMENTS as readonly string[]).includes(mode);
}

function describe(reason: unknown): { message: string; stack: string } {
  if (reason instanceof Error) return { message: reason.message, stack: reason.stack ?? '' };
  return { message: String(reason), stack: '' };
}

/** Listens for uncaught errors and rejections; returns the function that stops listening. */
export function captureRuntimeErrors(target: Window = window): () => void {
  const add = useErrorLogStore.getState().add;
  const record = (reason: unknown) =>
    add({ ...describe(reason), url: target.location.href, time: new Date().toISOString() });
  const onError = (event: ErrorEvent) => record(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => record(event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
