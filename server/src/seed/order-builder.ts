import type { Kysely } from 'kysely';
import { DEFAULT_HANDLING_LIMIT_HOURS, type OrderNature, type Urgency } from '@hotline/domain';
import type { Database, NewWorkOrder } from '../db/schema';
import {
  TICHU_TYPES,
  TOPICS,
  callerName,
  callerPhone,
  composeOrder,
  composeReply,
  makePlace,
  personName,
} from './demo-content';
import { makeScenario, pickTypeId, timeShift } from './demo-order-plan';
import { DEMO_DISTRICT_NAME, type DemoOrg, type DemoUnit } from './demo-org';
import { simulate, type SimAssignment, type SimEvent, type Stage } from './demo-timeline';
import { startOfBeijingDay, type Rng } from './random';

/**
 * Builds one realistic work order at a time — text, caller, place, host, the walk through the
 * lifecycle with its events and assignments, and the times — for the demo seed and for the
 * benchmark data generator (bench/). Numbering and writing are the caller's.
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

  const unit = (id: number): DemoUnit => {
    const u = org.units[id];
    if (!u) throw new Error(`unit ${id} is not part of the demo org`);
    return u;
  };
  const hostUnits = [...org.streetIds, ...org.townIds];
  // The units with a demo account get more orders, so every demo login has plenty to see.
  const withAccount = new Set(people.map((p) => p.unit_id));
  const weightOf = (id: number): number => (withAccount.has(id) ? 3 : 1);
  const handlerOf = (unitId: number): number | null =>
    people.find((p) => p.unit_id === unitId && unitId !== org.districtId)?.id ?? null;
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
    const limitHours = DEFAULT_HANDLING_LIMIT_HOURS[urgency];
    const nature: OrderNature = rng.chance(0.015)
      ? 'praise'
      : rng.chance(0.55)
        ? topic.nature
        : rng.weighted(NATURES);
    const callerCount = rng.chance(0.05) ? rng.int(2, 30) : 1;
    const text = composeOrder(rng, topic, place, nature, callerCount, unit(hostId).name);

    const sim = simulate(rng, sc, {
      typeId,
      limitHours,
      cityId: org.cityId,
      districtId: org.districtId,
      dispatcherId: org.userIds.dispatcher,
      reviewerId: org.userIds.reviewer,
      visitorId: org.userIds.visitor,
      agentId: org.userIds.agent,
      hostId,
      firstHostId,
      cohostId: cohostId === hostId ? null : cohostId,
      handlerOf,
      unitName: (id) => unit(id).name,
      replyText: (resolved, contacted) =>
        composeReply(rng, topic, unit(hostId).name, nature, resolved, contacted),
    });
    const shift = timeShift(rng, sc, sim, now, todayStart, options.terminalSpanDays);
    const at = (rel: number | null): Date | null => (rel === null ? null : new Date(rel + shift));
    const { times, state, visit, reply } = sim;
    const open = state.status !== 92 && state.status !== 71 && state.status !== 72;
    const tichu = state.status === 92 && rng.chance(0.03) ? rng.pick(TICHU_TYPES) : null;
    const pendingRequest = stage === 'handling' && rng.chance(0.06);
    const labels = [
      ...(callerCount > 1 ? ['群体诉求'] : []),
      ...(sc.secondVisit ? ['二次办理'] : []),
      ...(rng.chance(0.03) ? ['老旧小区'] : []),
    ];

    const row = {
      order_num: '',
      type_id: typeId,
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
      urgency,
      risk_level: rng.weighted([
        [0, 90],
        [1, 7],
        [2, 2],
        [3, 1],
      ]),
      status: state.status,
      main_org_status: state.mainOrgStatus,
      huifang_state: state.huifangState,
      need_review_status: tichu ? 2 : pendingRequest ? 1 : sim.needReviewStatus,
      host_unit_id: sim.hostId,
      dispatch_type:
        sim.hostId === null
          ? null
          : sim.assignments.some((a) => a.role === 'cohost')
            ? 'joint'
            : 'single',
      dispatcher_id: sim.dispatcherId,
      assigned_staff:
        times.hostSign !== null && sim.hostId !== null ? (staffOf.get(sim.hostId) ?? null) : null,
      call_time: new Date(times.call + shift),
      system_sign_time: at(times.sign),
      dispatch_time: at(times.dispatch),
      host_sign_time: at(times.hostSign),
      refuse_deadline: at(times.refuseDeadline),
      handling_limit_hours: times.dispatch === null ? null : limitHours,
      deadline: at(times.deadline),
      reply_time: at(reply?.time ?? null),
      reply_content: reply?.content ?? null,
      reply_contacted: reply?.contacted ?? null,
      reply_resolved: reply?.resolved ?? null,
      city_reply_time: at(times.cityReply),
      closed_time: at(times.closed),
      visit_count: visit.count,
      visit_time: at(visit.time),
      visit_result: visit.result,
      visit_contacted: visit.contacted,
      visit_resolved: visit.resolved,
      visit_remark: visit.remark,
      assessment_type: tichu ? '不纳入考核' : null,
      tichu_type: tichu,
      is_key_appeal: rng.chance(open ? 0.1 : 0.03),
      is_supervised: rng.chance(open ? 0.04 : 0.02),
      is_second_visit: sc.secondVisit,
      created_by: sim.createdBy,
      created_at: new Date(shift),
      updated_at: new Date(sim.last + shift),
    };
    return { row, events: sim.events, assignments: sim.assignments, shift };
  };
  return { build };
}
