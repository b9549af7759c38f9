import type { Kysely } from 'kysely';
import type { OrderNature, Urgency } from '@hotline/domain';
import type { Database, NewWorkOrder } from '../db/schema';
import { loadWorkflowConfig } from '../modules/work-orders/lifecycle-settings';
import { loadDemoActors } from './demo-actors';
import {
  TOPICS,
  callerName,
  callerPhone,
  composeOrder,
  composeReply,
  makePlace,
  personName,
} from './demo-content';
import { makeScenario, pickTypeId, timeShift } from './demo-order-plan';
import { shiftDates, type SimEvent } from './demo-order-sim';
import { DEMO_DISTRICT_NAME, type DemoOrg, type DemoUnit } from './demo-org';
import type { SimAssignment, SimRequest, SimVisitRecord } from './demo-side-tables';
import { simulate, type Stage } from './demo-timeline';
import { stateColumns } from './order-columns';
import { startOfBeijingDay, type Rng } from './random';

/**
 * Builds one realistic work order at a time — text, caller, place, host, the walk through the
 * lifecycle (decided by the domain) with its events and side-table rows, and the times — for
 * the demo seed and for the benchmark data generator (bench/). Numbering and writing are the
 * caller's.
 */

/** Natures of orders that do not take their topic's usual one; praise is added separately. */
const NATURES: readonly (readonly [OrderNature, number])[] = [
  ['complaint', 55],
  ['help', 20],
  ['consult', 12],
  ['report', 8],
  ['suggestion', 5],
];

export interface BuiltOrder {
  row: NewWorkOrder & { call_time: Date; type_id: number };
  events: SimEvent[];
  assignments: SimAssignment[];
  visits: SimVisitRecord[];
  requests: SimRequest[];
  /** Added to the simulation's relative times to make real ones. */
  shift: number;
}

export interface OrderBuilderOptions {
  /** The moment the data is built around: open orders are recent relative to it. */
  now: Date;
  /** Closed and returned orders end up to this many days before `now` (default 539). */
  terminalSpanDays?: number;
}

export interface OrderBuilder {
  /**
   * One order in `stage`. Randomness comes from `rng` (default: the builder's own), so a
   * caller can give each order its own seeded generator and rebuild it identically later.
   */
  build(stage: Stage, rng?: Rng): BuiltOrder;
}

/** Reads the categories and people the orders refer to; consumes `rng` like the demo always did. */
export async function prepareOrderBuilder(
  db: Kysely<Database>,
  org: DemoOrg,
  setupRng: Rng,
  options: OrderBuilderOptions,
): Promise<OrderBuilder> {
  const now = options.now.getTime();
  const todayStart = startOfBeijingDay(options.now).getTime();

  const leaves = await db
    .selectFrom('problem_categories')
    .select(['id', 'name'])
    .where('level', '=', 3)
    .orderBy('id')
    .execute();
  if (leaves.length === 0)
    throw new Error('no level-3 problem categories: run seedCategories first');
  const categoryId = new Map(leaves.map((c) => [c.name, c.id]));
  const people = await db
    .selectFrom('users')
    .select(['id', 'realname', 'unit_id'])
    .where('id', 'in', Object.values(org.userIds))
    .orderBy('id')
    .execute();
  const actors = await loadDemoActors(db, org);
  const settings = await loadWorkflowConfig(db);

  const unit = (id: number): DemoUnit => {
    const u = org.units[id];
    if (!u) throw new Error(`unit ${id} is not part of the demo org`);
    return u;
  };
  const hostUnits = [...org.streetIds, ...org.townIds];
  // The units with a demo account get more orders, so every demo login has plenty to see.
  const withAccount = new Set(people.map((p) => p.unit_id));
  const weightOf = (id: number): number => (withAccount.has(id) ? 3 : 1);
  const staffOf = new Map<number, string>();
  for (const id of [...hostUnits, ...org.departmentIds]) {
    staffOf.set(id, people.find((p) => p.unit_id === id)?.realname ?? personName(setupRng));
  }
  const deptByCode = new Map(org.departmentIds.map((id) => [unit(id).code, id]));

  const build = (stage: Stage, rng: Rng = setupRng): BuiltOrder => {
    const pickUnit = (ids: readonly number[]): number =>
      rng.weighted(ids.map((id) => [id, weightOf(id)] as const));
    const sc = makeScenario(rng, stage);
    const typeId = pickTypeId(rng, stage);
    const topic = rng.pick(TOPICS);
    const locality = unit(pickUnit(hostUnits));
    const communities = org.communityIdsByParent[locality.id] ?? [];
    const community = communities.length > 0 ? unit(rng.pick(communities)) : locality;
    const place = makePlace(rng, DEMO_DISTRICT_NAME, locality, community, topic.road ?? false);

    const topicDept = deptByCode.get(topic.dept);
    const hostId =
      topicDept !== undefined && rng.chance(0.3)
        ? topicDept
        : rng.chance(0.05)
          ? pickUnit(org.departmentIds)
          : locality.id;
    const others = [...hostUnits, ...org.departmentIds].filter((id) => id !== hostId);
    const firstHostId = pickUnit(others);
    const cohostId = rng.chance(0.1)
      ? hostId === locality.id
        ? (topicDept ?? pickUnit(org.departmentIds))
        : locality.id
      : null;

    const urgency: Urgency =
      topic.urgency && rng.chance(0.35) ? topic.urgency : rng.chance(0.02) ? 'complex' : 'general';
    const nature: OrderNature = rng.chance(0.015)
      ? 'praise'
      : rng.chance(0.55)
        ? topic.nature
        : rng.weighted(NATURES);
    const callerCount = rng.chance(0.05) ? rng.int(2, 30) : 1;
    const text = composeOrder(rng, topic, place, nature, callerCount, unit(hostId).name);

    const sim = simulate(rng, sc, {
      typeId,
      urgency,
      settings,
      cityId: org.cityId,
      districtId: org.districtId,
      actors,
      hostId,
      firstHostId,
      cohostId: cohostId === hostId ? null : cohostId,
      staffOf: (id) => staffOf.get(id) ?? '',
      unitName: (id) => unit(id).name,
      replyText: (resolved, contacted) =>
        composeReply(rng, topic, unit(hostId).name, nature, resolved, contacted),
    });
    const shift = Math.round(timeShift(rng, sc, sim, now, todayStart, options.terminalSpanDays));
    const state = shiftDates(sim.state, shift);
    const labels = [
      ...(callerCount > 1 ? ['群体诉求'] : []),
      ...(sc.secondVisit ? ['二次办理'] : []),
      ...(rng.chance(0.03) ? ['老旧小区'] : []),
    ];

    const row = {
      ...stateColumns(state),
      order_num: '',
      title: text.title,
      major_content: text.content,
      caller_name: callerName(rng),
      caller_phone: callerPhone(rng),
      caller_count: callerCount,
      caller_subject: rng.chance(0.03) ? 'enterprise' : 'individual',
      address: place.address,
      community_unit_id: community.id === locality.id ? null : community.id,
      category_id: categoryId.get(topic.category) ?? rng.pick(leaves).id,
      labels,
      seven_five_category: topic.sevenFive ?? null,
      order_nature: nature,
      risk_level: rng.weighted([
        [0, 90],
        [1, 7],
        [2, 2],
        [3, 1],
      ]),
      dispatch_type:
        state.hostUnitId === null ? null : state.coHostUnitIds.length > 0 ? 'joint' : 'single',
      assessment_type: state.tichuType ? '不纳入考核' : null,
      created_at: new Date(shift),
      updated_at: new Date(sim.last + shift),
    };
    const { events, assignments, visits, requests } = sim;
    return { row, events, assignments, visits, requests, shift };
  };
  return { build };
}
