import { createHash } from 'node:crypto';
import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import type { Database } from './schema';
import type pg from 'pg';

/**
 * Named prepared statements for the hot statements of fixed shape: the session lookup every
 * request runs and the hydration of every list page. PostgreSQL then parses and plans each of
 * them once per connection instead of on every call — planning the hydration (seven joins)
 * took 1.5 ms of its 2.4 ms at a million orders.
 *
 * Only statements whose text never varies and whose best plan does not depend on the values
 * (lookups by unique key) belong here: after its fifth execution PostgreSQL may keep one
 * generic plan for a prepared statement. The filtered list queries stay unprepared.
 *
 * How: the statement's SQL text is registered; every pooled client sends a registered text as
 * a named statement (`pg` prepares it on the connection's first use and binds it afterwards).
 */
const names = new Map<string, string>();

/** Registers a statement text; its name is derived from the text, the same in every process. */
export function prepareText(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `hl_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    names.set(sql, name);
  }
  return name;
}

/** The name a registered statement is sent under (undefined: sent unnamed). */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}

type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Has every client of the pool send registered statement texts as named statements.
 *
 * A new connection first forgets every prepared statement of its session: on PostgreSQL a new
 * connection is a new session and has none, but PGlite keeps one session for every connection
 * to it, so after the pool dropped an idle connection the next one would find the names taken
 * ("prepared statement … already exists") while pg, knowing nothing of them, prepares again.
 * pg runs the connection's queries in order, so this runs before any other.
 */
export function usePreparedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    client.query('DEALLOCATE ALL').catch(() => undefined);
    const query = client.query.bind(client) as QueryFn;
    const named: QueryFn = (config, values, callback) => {
      if (typeof config === 'string' && Array.isArray(values)) {
        const name = names.get(config);
        const rowMode = config.startsWith(ARRAY_ROWS) ? 'array' : undefined;
        if (name || rowMode) return query({ name, text: config, values, rowMode }, callback);
      }
      return query(config, values, callback);
    };
    client.query = named as typeof client.query;
  });
}

/**
 * Runs a query of fixed text (its values all parameters, lists as one array) as a prepared
 * statement: `query` is a Kysely builder or a `sql` template.
 */
export async function executePrepared<R>(
  db: Kysely<Database>,
  query: { compile(db: Kysely<Database>): CompiledQuery<R> },
): Promise<R[]> {
  const compiled = query.compile(db);
  prepareText(compiled.sql);
  const result = await db.executeQuery(compiled);
  return result.rows;
}

/**
 * A query built and compiled once, run as a prepared statement. `build` is called once with
 * `standIns` (sample arguments); on each run the real arguments take their places in the
 * parameter list, found by identity — so each stand-in must be an object of its own (an
 * array, a Date). Saves building the query (≈ 0.1 ms for a wide select) as well as
 * PostgreSQL's planning.
 */
export function fixedQuery<A extends readonly object[], R>(
  build: (db: Kysely<Database>, ...args: A) => Compilable<R>,
  standIns: A,
): (db: Kysely<Database>, ...args: A) => Promise<R[]> {
  return fixed(build, standIns, '');
}

/** `fixedQuery` whose rows come back as arrays of the select list's values (`executeArrayRows`). */
export function fixedArrayQuery<A extends readonly object[]>(
  build: (db: Kysely<Database>, ...args: A) => Compilable<unknown>,
  standIns: A,
): (db: Kysely<Database>, ...args: A) => Promise<unknown[][]> {
  return fixed(build, standIns, ARRAY_ROWS) as (
    db: Kysely<Database>,
    ...args: A
  ) => Promise<unknown[][]>;
}

function fixed<A extends readonly object[], R>(
  build: (db: Kysely<Database>, ...args: A) => Compilable<R>,
  standIns: A,
  prefix: string,
): (db: Kysely<Database>, ...args: A) => Promise<R[]> {
  let compiled: CompiledQuery<R> | undefined;
  let slots: number[] = [];
  return async (db, ...args) => {
    if (!compiled) {
      const c = build(db, ...standIns).compile();
      slots = c.parameters.map((p) => standIns.indexOf(p as object));
      if (standIns.some((p) => !c.parameters.includes(p))) {
        throw new Error('fixedQuery: a stand-in argument is not a parameter of the query');
      }
      compiled = { ...c, sql: prefix + c.sql };
      prepareText(compiled.sql);
    }
    const query = compiled;
    const parameters = query.parameters.map((p, i) => {
      const slot = slots[i]!;
      return slot >= 0 ? args[slot] : p;
    });
    const result = await db.executeQuery<R>({ ...query, parameters });
    return result.rows;
  };
}

/** A statement text starting with this comment is answered with rows as arrays. */
const ARRAY_ROWS = '/* rows: arrays */ ';

/**
 * Runs a query whose rows come back as arrays of the select list's values, for reading many
 * wide rows: pg builds a row object by assigning each column by name to a copy of a
 * null-prototype object, which V8 keeps as a slow (dictionary) object — every assignment, and
 * every later read of the row, a hash lookup. `rowObjects` turns the arrays into plain objects.
 */
export async function executeArrayRows(
  db: Kysely<Database>,
  query: CompiledQuery,
): Promise<unknown[][]> {
  const result = await db.executeQuery({ ...query, sql: ARRAY_ROWS + query.sql });
  return result.rows as unknown[][];
}

/**
 * A maker of row objects from value arrays (`executeArrayRows`, or a row's JSON array) for a
 * select list: an object literal with the column names, so every row has the same fast shape.
 * The columns named in `dates` hold epoch milliseconds (or null) and become `Date`s.
 */
export function rowObjects<R>(
  columns: readonly string[],
  dates: ReadonlySet<string> = new Set(),
): (values: readonly unknown[]) => R {
  const value = (c: string, i: number) =>
    dates.has(c) ? `v[${i}] === null ? null : new Date(v[${i}])` : `v[${i}]`;
  const body = columns.map((c, i) => `${JSON.stringify(c)}: ${value(c, i)}`).join(', ');
  // A generated literal: the one way to get a fixed-shape object of many keys in one step
  // (column names are quoted by JSON.stringify, so no name can break out of the literal).
  return new Function('v', `return { ${body} };`) as (values: readonly unknown[]) => R;
}
