import pg from 'pg';
import type { Capturer } from '../lib/capture';

/** What every benchmark section gets: the server under test, the database, the capturer. */
export interface BenchContext {
  base: string;
  databaseUrl: string;
  tokens: Record<string, string>;
  capturer: Capturer;
  sql: pg.Client;
  runs: number;
  log: (line: string) => void;
}

/** One line of the results table: a figure next to its floor and the target. */
export interface ResultRow {
  section: string;
  case: string;
  figure: string;
  floor: string;
  ratio: string;
  target: string;
  /** 'met', 'missed', '' or a mix naming each target ('p95 met, ratio missed'). */
  verdict: string;
}
