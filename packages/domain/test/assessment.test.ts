/** Assessment (WORKFLOW section 7): periods, rates, scores, ranks — worked by hand. */
import { describe, expect, it } from 'vitest';
import {
  assess,
  PERIOD_START_DAY,
  periodContaining,
  periodStarting,
  scoreOf,
  WEIGHTS,
  type AssessedVisit,
  type UnitInfo,
} from '../src/assessment';

const d = (iso: string) => new Date(iso);
const span = (p: { start: Date; end: Date; label: string }) => [
  p.start.toISOString(),
  p.end.toISOString(),
  p.label,
];

describe('periods: the 19th 00:00 China time to the next 19th', () => {
  it('constants', () => {
    expect(PERIOD_START_DAY).toBe(19);
    expect(WEIGHTS).toEqual({ response: 10, resolution: 50, satisfaction: 40 });
  });

  const FEB = ['2026-02-18T16:00:00.000Z', '2026-03-18T16:00:00.000Z', '2026-02-19 ~ 2026-03-19'];
  const MAR = ['2026-03-18T16:00:00.000Z', '2026-04-18T16:00:00.000Z', '2026-03-19 ~ 2026-04-19'];
  const NOV = ['2026-11-18T16:00:00.000Z', '2026-12-18T16:00:00.000Z', '2026-11-19 ~ 2026-12-19'];
  const DEC = ['2026-12-18T16:00:00.000Z', '2027-01-18T16:00:00.000Z', '2026-12-19 ~ 2027-01-19'];
  const JAN = ['2027-01-18T16:00:00.000Z', '2027-02-18T16:00:00.000Z', '2027-01-19 ~ 2027-02-19'];

  it.each([
    ['18th noon China', '2026-03-18T04:00:00.000Z', FEB],
    ['18th 23:59:59.999 China (UTC still the 18th)', '2026-03-18T15:59:59.999Z', FEB],
    ['19th 00:00 China (UTC 18th 16:00)', '2026-03-18T16:00:00.000Z', MAR],
    ['19th noon China', '2026-03-19T04:00:00.000Z', MAR],
    ['19th 23:59 China', '2026-03-19T15:59:00.000Z', MAR],
    ['20th China', '2026-03-20T01:00:00.000Z', MAR],
    ['18 April, last minute', '2026-04-18T15:59:00.000Z', MAR],
    ['18 December, last ms', '2026-12-18T15:59:59.999Z', NOV],
    ['19 December 00:00', '2026-12-18T16:00:00.000Z', DEC],
    ['1 January 00:00 China', '2026-12-31T16:00:00.000Z', DEC],
    ['18 January', '2027-01-18T04:00:00.000Z', DEC],
    ['19 January 00:00', '2027-01-18T16:00:00.000Z', JAN],
  ])('%s → its period', (_label, at, expected) => {
    expect(span(periodContaining(d(at)))).toEqual(expected);
  });

  it('periodStarting gives the month it is asked for, December into January', () => {
    expect(span(periodStarting(2026, 1))).toEqual(FEB);
    expect(span(periodStarting(2026, 11))).toEqual(DEC);
    expect(span(periodStarting(2027, 0))).toEqual(JAN);
  });

  it('periods are half-open and follow each other', () => {
    const p = periodContaining(d('2026-03-25T00:00:00.000Z'));
    expect(periodContaining(p.end).start).toEqual(p.end);
    expect(periodContaining(new Date(p.end.getTime() - 1)).start).toEqual(p.start);
  });

  it('another start day (the 1st): calendar months in China time', () => {
    expect(periodContaining(d('2026-02-28T16:00:00.000Z'), 1).label).toBe(
      '2026-03-01 ~ 2026-04-01',
    );
    expect(periodContaining(d('2026-02-28T15:59:59.999Z'), 1).label).toBe(
      '2026-02-01 ~ 2026-03-01',
    );
  });
});

describe('scoreOf', () => {
  it.each([
    [1, 1, 1, 100],
    [0, 0, 0, 0],
    [1, 0, 0, 10],
    [0, 1, 0, 50],
    [0, 0, 1, 40],
    [1 / 3, 1 / 3, 1 / 3, 33.33],
    [2 / 3, 2 / 3, 2 / 3, 66.67],
  ])('%d, %d, %d → %d', (a, b, c, score) => {
    expect(scoreOf(a, b, c)).toBe(score);
  });
});

type Answer = Pick<AssessedVisit, 'hostContacted' | 'resolved' | 'satisfaction'>;
const C_R_SAT: Answer = { hostContacted: true, resolved: true, satisfaction: 'satisfied' };
const C_R_BASIC: Answer = { hostContacted: true, resolved: true, satisfaction: 'basic' };
const C_NR_BASIC: Answer = { hostContacted: true, resolved: false, satisfaction: 'basic' };
const NC_R_BASIC: Answer = { hostContacted: false, resolved: true, satisfaction: 'basic' };
const C_NR_UNSAT: Answer = { hostContacted: true, resolved: false, satisfaction: 'unsatisfied' };
const NC_NR_UNSAT: Answer = { hostContacted: false, resolved: false, satisfaction: 'unsatisfied' };
const UNREACHED: Answer = { hostContacted: false, resolved: false, satisfaction: null };

/** `count` visits of one unit with the same answers. */
function visits(
  hostUnitId: number,
  count: number,
  answer: Answer,
  extra: Partial<AssessedVisit> = {},
) {
  return Array.from({ length: count }, (): AssessedVisit => ({
    hostUnitId,
    reached: answer.satisfaction !== null,
    excluded: false,
    ...answer,
    ...extra,
  }));
}

const unit = (id: number, group: UnitInfo['group']): UnitInfo => ({ id, name: `U${id}`, group });
const pick = (rows: ReturnType<typeof assess>) =>
  rows.map((r) => [
    r.id,
    r.valid,
    r.responseRate,
    r.resolutionRate,
    r.satisfactionRate,
    r.score,
    r.rank,
  ]);

describe('worked example 1: ties, exclusions, a unit without valid visits', () => {
  const units = [1, 2, 3, 4]
    .map((id) => unit(id, 'street'))
    .concat([11, 12, 13, 14].map((id) => unit(id, 'department')));
  const all = [
    // Street 1: 4 valid (2 satisfied, 1 basic, 1 unsatisfied; all contacted; 3 resolved).
    //   response 4/4 = 1; resolution 3/4 = 0.75; satisfaction (2 + 0.9)/4 = 0.725
    //   score 10 × 1 + 50 × 0.75 + 40 × 0.725 = 10 + 37.5 + 29 = 76.5
    //   plus one excluded visit and one unreached call: neither counts.
    ...visits(1, 2, C_R_SAT),
    ...visits(1, 1, C_R_BASIC),
    ...visits(1, 1, C_NR_UNSAT),
    ...visits(1, 1, C_R_SAT, { excluded: true }),
    ...visits(1, 1, UNREACHED),
    // Street 2: the same shares over 8 visits → also 76.5; more volume ranks it above street 1.
    ...visits(2, 4, C_R_SAT),
    ...visits(2, 2, C_R_BASIC),
    ...visits(2, 2, C_NR_UNSAT),
    // Street 3: only an unreached call and an excluded visit → no valid visit, ranked last.
    ...visits(3, 1, UNREACHED),
    ...visits(3, 1, C_R_SAT, { excluded: true }),
    // Street 4: 2 valid, both basic and resolved, one contacted.
    //   response 1/2 = 0.5; resolution 2/2 = 1; satisfaction 0.9 × 2 / 2 = 0.9
    //   score 5 + 50 + 36 = 91
    ...visits(4, 1, C_R_BASIC),
    ...visits(4, 1, NC_R_BASIC),
    // Departments 11 and 12: identical, 3 valid each (1 satisfied, 1 basic, 1 unsatisfied;
    // all contacted; 2 resolved) → response 1; resolution 2/3 = 0.6667;
    // satisfaction 1.9/3 = 0.6333; score 10 + 33.333… + 25.333… = 68.67. An exact tie: both 1st.
    ...[11, 12].flatMap((id) => [
      ...visits(id, 1, C_R_SAT),
      ...visits(id, 1, C_R_BASIC),
      ...visits(id, 1, C_NR_UNSAT),
    ]),
    // Department 13: 1 valid, nothing good → 0, 0, 0, score 0: ranked after the tie (3rd).
    ...visits(13, 1, NC_NR_UNSAT),
    // Department 14: no visits at all → null, last (4th). A visit of an unknown unit is ignored.
    ...visits(99, 3, C_R_SAT),
  ];
  const rows = assess(units, all);

  it('rates to 4 decimals, scores to 2, competition ranks per group', () => {
    expect(pick(rows)).toEqual([
      [4, 2, 0.5, 1, 0.9, 91, 1],
      [2, 8, 1, 0.75, 0.725, 76.5, 2],
      [1, 4, 1, 0.75, 0.725, 76.5, 3],
      [3, 0, null, null, null, null, 4],
      [11, 3, 1, 0.6667, 0.6333, 68.67, 1],
      [12, 3, 1, 0.6667, 0.6333, 68.67, 1],
      [13, 1, 0, 0, 0, 0, 3],
      [14, 0, null, null, null, null, 4],
    ]);
  });

  it('counts each answer and the excluded visits', () => {
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(1)).toMatchObject({
      contacted: 4,
      resolved: 3,
      satisfied: 2,
      basic: 1,
      excluded: 1,
    });
    expect(byId.get(3)).toMatchObject({ valid: 0, contacted: 0, excluded: 1 });
    expect(byId.get(14)).toMatchObject({ valid: 0, excluded: 0, name: 'U14', group: 'department' });
  });
});

describe('worked example 2: towns and departments, basic satisfaction weighs 0.9', () => {
  const units = [
    unit(31, 'department'),
    unit(21, 'street'),
    unit(32, 'department'),
    unit(22, 'street'),
    unit(23, 'street'),
  ];
  const all = [
    // Town 21: 5 valid: 3 satisfied, 1 basic, 1 unsatisfied; 4 contacted; 4 resolved.
    //   0.8, 0.8, (3 + 0.9)/5 = 0.78 → 8 + 40 + 31.2 = 79.2
    ...visits(21, 3, C_R_SAT),
    ...visits(21, 1, C_R_BASIC),
    ...visits(21, 1, NC_NR_UNSAT),
    // Town 22: 10 valid: 5 satisfied, 3 basic, 2 unsatisfied; all contacted; 7 resolved.
    //   1, 0.7, (5 + 2.7)/10 = 0.77 → 10 + 35 + 30.8 = 75.8
    ...visits(22, 5, C_R_SAT),
    ...visits(22, 2, C_R_BASIC),
    ...visits(22, 1, C_NR_BASIC),
    ...visits(22, 2, C_NR_UNSAT),
    // Town 23: 1 valid, basic, resolved, contacted: 1, 1, 0.9 → 10 + 50 + 36 = 96. Small
    // volume does not matter when the scores differ.
    ...visits(23, 1, C_R_BASIC),
    // Department 31: 4 valid: 1 satisfied (contacted, resolved), 1 unsatisfied contacted,
    //   2 unsatisfied not contacted → 2/4, 1/4, 1/4 → 5 + 12.5 + 10 = 27.5
    ...visits(31, 1, C_R_SAT),
    ...visits(31, 1, C_NR_UNSAT),
    ...visits(31, 2, NC_NR_UNSAT),
    // Department 32: 3 valid, all perfect → 100; two excluded unsatisfied visits and an
    //   unreached call would have pulled it down, but do not count.
    ...visits(32, 3, C_R_SAT),
    ...visits(32, 2, NC_NR_UNSAT, { excluded: true }),
    ...visits(32, 1, UNREACHED),
  ];

  it('streets first, then departments, each by rank', () => {
    expect(pick(assess(units, all))).toEqual([
      [23, 1, 1, 1, 0.9, 96, 1],
      [21, 5, 0.8, 0.8, 0.78, 79.2, 2],
      [22, 10, 1, 0.7, 0.77, 75.8, 3],
      [32, 3, 1, 1, 1, 100, 1],
      [31, 4, 0.5, 0.25, 0.25, 27.5, 2],
    ]);
  });

  it('an unreached visit is not valid even when not excluded', () => {
    const only = assess([unit(40, 'street')], visits(40, 2, UNREACHED));
    expect(only[0]).toMatchObject({ valid: 0, score: null, rank: 1, excluded: 0 });
  });

  it('no units, no rows', () => {
    expect(assess([], all)).toEqual([]);
  });
});
