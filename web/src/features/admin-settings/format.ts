import dayjs from 'dayjs';

/** Presentation helpers shared by the settings, keys and audit views. */

/** A server time as `YYYY-MM-DD HH:mm:ss` in the browser's zone; '' for none. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : value;
}

/** The message of a refused call (a RequestError or anything thrown). */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
