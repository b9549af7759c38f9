/**
 * Assessment (考核) of WORKFLOW section 7. A period runs from the 19th 00:00 (China time) of one
 * month to the 19th 00:00 of the next. Over a host unit's valid return visits (the citizen was
 * reached, the order is not excluded): response = host contacted / valid; resolution =
 * resolved / valid; satisfaction = (satisfied + 0.9 × basically satisfied) / valid.
 * Score = 10 × response + 50 × resolution + 40 × satisfaction, 0–100. Ranked by score, then by
 * volume, separately for streets/towns and for departments.
 */
import type { VisitResult } from './work-order';

export const PERIOD_START_DAY = 19;
export const WEIGHTS = { response: 10, resolution: 50, satisfaction: 40 } as const;
const CST_OFFSET_MS = 8 * 3_600_000;

export interface Period {
  start: Date;
  end: Date;
  /** e.g. "2026-10-19 ~ 2026-11-19" */
  label: string;
}

function cstDate(year: number, monthIndex: number, day: number): Date {
  return new Date(Date.UTC(year, monthIndex, day) - CST_OFFSET_MS);
}

const ymd = (d: Date) => new Date(d.getTime() + CST_OFFSET_MS).toISOString().slice(0, 10);

/** The period that contains `at`. */
export function periodContaining(at: Date, startDay = PERIOD_START_DAY): Period {
  const local = new Date(at.getTime() + CST_OFFSET_MS);
  let year = local.getUTCFullYear();
  let month = local.getUTCMonth();
  if (local.getUTCDate() < startDay) month -= 1;
  if (month < 0) {
    month = 11;
    year -= 1;
  }
  return periodStarting(year, month, startDay);
}

/** The period that starts on the `startDay` of the given month (0-based month). */
export function periodStarting(
  year: number,
  monthIndex: number,
  startDay = PERIOD_START_DAY,
): Period {
  const start = cstDate(year, monthIndex, startDay);
  const end = cstDate(year, monthIndex + 1, startDay);
  return { start, end, label: `${ymd(start)} ~ ${ymd(end)}` };
}

export type UnitGroup = 'street' | 'department';

export interface AssessedVisit {
  hostUnitId: number;
  reached: boolean;
  hostContacted: boolean;
  resolved: boolean;
  satisfaction: VisitResult | null;
  excluded: boolean;
}

export interface UnitInfo {
  id: number;
  name: string;
  group: UnitGroup;
}

export interface UnitScore extends UnitInfo {
  valid: number;
  contacted: number;
  resolved: number;
  satisfied: number;
  basic: number;
  excluded: number;
  responseRate: number | null;
  resolutionRate: number | null;
  satisfactionRate: number | null;
  score: number | null;
  rank: number;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export function scoreOf(response: number, resolution: number, satisfaction: number): number {
  return round(
    WEIGHTS.response * response +
      WEIGHTS.resolution * resolution +
      WEIGHTS.satisfaction * satisfaction,
    2,
  );
}

export function assess(units: readonly UnitInfo[], visits: readonly AssessedVisit[]): UnitScore[] {
  const rows = units.map((unit) => {
    const mine = visits.filter((v) => v.hostUnitId === unit.id);
    const valid = mine.filter((v) => v.reached && !v.excluded);
    const count = (f: (v: AssessedVisit) => boolean) => valid.filter(f).length;
    const contacted = count((v) => v.hostContacted);
    const resolved = count((v) => v.resolved);
    const satisfied = count((v) => v.satisfaction === 'satisfied');
    const basic = count((v) => v.satisfaction === 'basic');
    const n = valid.length;
    const rate = (x: number) => (n === 0 ? null : round(x / n, 4));
    const responseRate = rate(contacted);
    const resolutionRate = rate(resolved);
    const satisfactionRate = rate(satisfied + 0.9 * basic);
    const score =
      n === 0 ? null : scoreOf(contacted / n, resolved / n, (satisfied + 0.9 * basic) / n);
    const excluded = mine.filter((v) => v.excluded).length;
    return {
      ...unit,
      valid: n,
      contacted,
      resolved,
      satisfied,
      basic,
      excluded,
      responseRate,
      resolutionRate,
      satisfactionRate,
      score,
      rank: 0,
    };
  });
  for (const group of ['street', 'department'] as const)
    rankGroup(rows.filter((r) => r.group === group));
  return rows.sort((a, b) =>
    a.group === b.group ? a.rank - b.rank : a.group === 'street' ? -1 : 1,
  );
}

/** Competition ranking (1, 2, 2, 4) by score, then volume; units with no valid visit last. */
function rankGroup(rows: UnitScore[]): void {
  const key = (r: UnitScore) => [r.score ?? -1, r.valid] as const;
  rows.sort((a, b) => key(b)[0] - key(a)[0] || key(b)[1] - key(a)[1]);
  rows.forEach((row, i) => {
    const prev = rows[i - 1];
    row.rank =
      prev && key(prev)[0] === key(row)[0] && key(prev)[1] === key(row)[1] ? prev.rank : i + 1;
  });
}
