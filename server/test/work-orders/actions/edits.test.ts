import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../support/api';
import {
  JSJB,
  eventsOf,
  must,
  act,
  newOrder,
  refused,
  step,
  toHostHandling,
  world,
  type World,
} from '../../support/lifecycle';
import { createTestApp } from '../../support/test-app';

/**
 * Field edits (action 'edit'): which role may change which field, the references they name,
 * and the audit comment "field: old → new; …".
 */

let w: World;
let level3: number;
let level1: number;
let s01Community: number;
let s02Community: number;

beforeAll(async () => {
  w = await world(await createTestApp());
  const db = w.t.ctx.db;
  const cat = async (level: number) =>
    (
      await db
        .selectFrom('problem_categories')
        .select('id')
        .where('level', '=', level)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  level3 = await cat(3);
  level1 = await cat(1);
  const community = async (parent: string) =>
    (
      await db
        .selectFrom('units')
        .select('id')
        .where('parent_id', '=', w.units[parent] ?? -1)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  s01Community = await community('S01');
  s02Community = await community('S02');
});
afterAll(async () => {
  await w?.t.close();
});

const row = (id: number) =>
  w.t.ctx.db.selectFrom('work_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('dispatcher edits', () => {
  it('changes the case fields and audits each change', async () => {
    const id = await newOrder(w.t, { title: '路灯不亮' });
    await step(w, id, {
      who: 'dispatcher',
      path: 'handle/updateorderfield',
      body: {
        title: '望湖东里路灯不亮',
        urgency: 'utility',
        callerPhone: '010-12345678',
        categoryId: level3,
        // Unchanged values are not changes.
        address: '望湖东里 3 号楼',
      },
      action: 'edit',
      to: { status: 0 },
    });
    const after = await row(id);
    expect(after).toMatchObject({
      title: '望湖东里路灯不亮',
      urgency: 'utility',
      caller_phone: '010-12345678',
      category_id: level3,
    });
    expect((await eventsOf(w.t, id)).at(-1)?.comment).toBe(
      `title: 路灯不亮 → 望湖东里路灯不亮; categoryId: — → ${level3}; ` +
        'urgency: general → utility; callerPhone: 13900000000 → 010-12345678',
    );
  });

  it('attributes and remarks, and reading the attributes back', async () => {
    const id = await newOrder(w.t);
    await step(w, id, {
      who: 'dispatcher',
      path: 'updateOrderAttributeSjs',
      body: { labels: '老旧小区,群体诉求', sevenFiveCategory: '住有所居', riskLevel: 2 },
      action: 'edit',
      to: { status: 0 },
    });
    await step(w, id, {
      who: 'dispatcher',
      path: 'updateOrderRemarks',
      body: { remarks: '需回访确认' },
      action: 'edit',
      to: { status: 0 },
    });
    const attrs = await post(
      w.t,
      `${JSJB}/sjs/queryOrderAttributeSjs`,
      { id },
      {
        token: w.tokens.dispatcher,
      },
    );
    expect(attrs.data).toEqual({
      id,
      labels: ['老旧小区', '群体诉求'],
      sevenFiveCategory: '住有所居',
      riskLevel: 2,
      orderNature: 'complaint',
    });
    expect((await eventsOf(w.t, id)).map((e) => e.comment)).toEqual([
      'labels: — → 老旧小区、群体诉求; sevenFiveCategory: — → 住有所居; riskLevel: 0 → 2',
      'remarks: — → 需回访确认',
    ]);
  });

  it('refuses a category that is not a level-3 category, and an edit that changes nothing', async () => {
    const id = await newOrder(w.t);
    await refused(
      w,
      id,
      'dispatcher',
      'sjs/updateOrderInfoSjs',
      { categoryId: level1 },
      {
        status: 400,
        msg: 'categoryId: must be an existing level-3 problem category',
      },
    );
    await refused(
      w,
      id,
      'dispatcher',
      'sjs/updateOrderInfoSjs',
      { categoryId: 999999 },
      {
        status: 400,
        msg: 'categoryId: must be an existing level-3 problem category',
      },
    );
    const { title } = await row(id);
    await refused(
      w,
      id,
      'dispatcher',
      'handle/updateorderfield',
      { title },
      {
        status: 400,
        msg: 'nothing to change',
      },
    );
  });
});

describe('host edits', () => {
  it('the host changes the address and a community of its own street', async () => {
    const id = await toHostHandling(w);
    await step(w, id, {
      who: 'street1',
      path: 'town/updateOrderField',
      body: { address: '望湖东里 5 号楼', communityUnitId: s01Community },
      action: 'edit',
      to: { mainOrgStatus: 1 },
    });
    expect(await row(id)).toMatchObject({
      address: '望湖东里 5 号楼',
      community_unit_id: s01Community,
    });
  });

  it("refuses another street's community, and any field of the district", async () => {
    const id = await toHostHandling(w);
    await refused(
      w,
      id,
      'street1',
      'town/updateOrderField',
      { communityUnitId: s02Community },
      {
        status: 400,
        msg: 'communityUnitId: must be a community or village of the host unit',
      },
    );
    await refused(
      w,
      id,
      'street1',
      'town/updateOrderField',
      { communityUnitId: w.units.S01 },
      {
        status: 400,
        msg: 'communityUnitId: must be a community or village of the host unit',
      },
    );
    await refused(
      w,
      id,
      'street1',
      'handle/updateorderfield',
      { title: '改个标题' },
      {
        status: 400,
        msg: 'title: your role may not change this field',
      },
    );
    await refused(
      w,
      id,
      'street1',
      'updateOrderAttributeSjs',
      { riskLevel: 3 },
      {
        status: 400,
        msg: 'riskLevel: your role may not change this field',
      },
    );
    const zh = await act(w, 'street1', 'handle/updateorderfield', { id, title: '改个标题' }, 'zh');
    expect(zh.msg).toBe('title: 您的角色不能修改此字段');
  });

  it('the dispatcher may not set the community; others may not edit at all', async () => {
    const id = await toHostHandling(w);
    await refused(
      w,
      id,
      'dispatcher',
      'town/updateOrderField',
      { communityUnitId: s01Community },
      {
        status: 400,
        msg: 'communityUnitId: your role may not change this field',
      },
    );
    await refused(
      w,
      id,
      'reviewer',
      'updateOrderRemarks',
      { remarks: '审核备注' },
      {
        status: 403,
        msg: 'your role may not "edit the order"',
      },
    );
    await refused(
      w,
      id,
      'street2',
      'updateOrderRemarks',
      { remarks: '备注' },
      {
        status: 404,
        msg: 'no such work order',
      },
    );
  });

  it('a host cannot edit once the reply is under review; nobody edits a closed order', async () => {
    const id = await toHostHandling(w);
    await must(
      act(w, 'street1', 'town/updateProResult', { id, content: '已办', contacted: 1, resolved: 1 }),
    );
    // A host edits only while handling: a guard answers 409 with the reason.
    await refused(
      w,
      id,
      'street1',
      'town/updateOrderField',
      { address: '新地址' },
      {
        status: 409,
        msg: 'a host may change the order or its handler only while handling it',
      },
    );
    const refusedOrder = await newOrder(w.t);
    await must(
      act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', {
        id: refusedOrder,
        signType: 2,
        reason: '非本区',
      }),
    );
    await refused(
      w,
      refusedOrder,
      'dispatcher',
      'updateOrderRemarks',
      { remarks: 'x' },
      {
        status: 409,
        msg: 'the order is refused: "edit the order" does not apply now',
      },
    );
  });
});
