import { z } from 'zod';

/** The `{code, msg, data}` envelope every endpoint answers in. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const emptyData = z.object({}).strict();

/**
 * Integers that may arrive as strings (form-encoded bodies, query strings). Only strings are
 * converted: a boolean or an array is refused, never read as 1 or as its first element.
 */
const fromDigits = (v: unknown) =>
  typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v;

/** PostgreSQL's `integer` range: every integer the API takes is stored or compared as one. */
export const INT4_MIN = -(2 ** 31);
export const INT4_MAX = 2 ** 31 - 1;

/**
 * Typed for callers as what they may send (a number, or its digits as a string). Always within
 * `integer`'s range, whatever narrower bounds `refine` adds: an id of 2^31 is a 400, not the
 * database's "out of range" as a 500.
 */
export const intField = (
  refine: (n: z.ZodNumber) => z.ZodNumber = (n) => n,
): z.ZodType<number, number | string> =>
  z.preprocess(fromDigits, refine(z.number().int().min(INT4_MIN).max(INT4_MAX))) as z.ZodType<
    number,
    number | string
  >;

/** A list of ids as an array or a comma-separated string (forms send the latter). */
export const idList = (max = 1000): z.ZodType<number[], number[] | string> =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '')
        : v,
    z
      .array(intField((n) => n.positive()))
      .min(1)
      .max(max),
  );

/** Paging of the config and list calls; the spec uses page sizes up to 1000 for config. */
export const paging = (maxPageSize: number, defaultPageSize: number) => ({
  pageNo: intField((n) => n.min(1).max(100000)).default(1),
  pageSize: intField((n) => n.min(1).max(maxPageSize)).default(defaultPageSize),
});

/** A boolean that may arrive as 1/0, '1'/'0', 'true'/'false'. */
export const flag = (): z.ZodType<boolean, boolean | 0 | 1 | '0' | '1' | 'true' | 'false'> =>
  z.preprocess((v) => {
    if (v === '1' || v === 1 || v === 'true') return true;
    if (v === '0' || v === 0 || v === 'false') return false;
    return v;
  }, z.boolean());
