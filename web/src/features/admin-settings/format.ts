import { formatCst } from '@hotline/domain';

/** Presentation helpers shared by the settings, keys and audit views. */

/** A server time as `YYYY-MM-DD HH:mm:ss` in China time (`formatCst`); '' for none. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  return formatCst(value) || value;
}

/** The message of a refused call (a RequestError or anything thrown). */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
