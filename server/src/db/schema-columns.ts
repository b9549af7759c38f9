import type { ColumnType } from 'kysely';

/** A timestamp column written by the server. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp column with a default (`now()`), so inserts may leave it out. */
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
