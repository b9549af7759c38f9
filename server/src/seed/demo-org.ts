import type { Kysely } from 'kysely';
import type { UnitKind } from '@hotline/domain';
import type { Database } from '../db/schema';
import { enableDemoCalling } from './demo-calling';

/**
 * The demo org tree and its accounts: a city centre, one (fictional) district centre with its
 * streets, towns, departments and communities, and one account per role. Demo data only; a
 * production database never runs this.
 */

export const DEMO_USERNAMES = [
  'admin',
  'dispatcher',
  'reviewer',
  'visitor',
  'agent',
  'leader',
  'street1',
  'street2',
  'town1',
  'dept1',
  'dept2',
  'leader1',
] as const;
export type DemoUsername = (typeof DEMO_USERNAMES)[number];

export interface DemoUnit {
  id: number;
  code: string;
  name: string;
  kind: UnitKind;
  parentId: number | null;
}

export interface DemoOrg {
  cityId: number;
  districtId: number;
  /** Streets (街道), in code order; the first is `street1`'s unit. */
  streetIds: number[];
  /** Towns (乡/镇), in code order; the first is `town1`'s unit. */
  townIds: number[];
  /** Departments (区属部门), in code order; `dept1` and `dept2` belong to the first two. */
  departmentIds: number[];
  /** Communities and villages by the id of their street or town. */
  communityIdsByParent: Record<number, number[]>;
  userIds: Record<DemoUsername, number>;
  /** Every unit made, by id. */
  units: Record<number, DemoUnit>;
}

export const DEMO_DISTRICT_NAME = '清源区';

interface UnitSeed {
  code: string;
  name: string;
  kind: UnitKind;
  communities?: readonly string[];
}

const STREETS_AND_TOWNS: readonly UnitSeed[] = [
  {
    code: 'S01',
    name: '望湖街道',
    kind: 'street',
    communities: ['望湖东里社区', '望湖西里社区', '湖光社区', '镜园社区'],
  },
  {
    code: 'S02',
    name: '柳荫街道',
    kind: 'street',
    communities: ['柳荫北社区', '柳荫南社区', '春晖园社区'],
  },
  {
    code: 'S03',
    name: '金桥街道',
    kind: 'street',
    communities: ['金桥东社区', '金桥西社区', '银河湾社区'],
  },
  {
    code: 'S04',
    name: '文华街道',
    kind: 'street',
    communities: ['文华里社区', '书院社区', '翰林苑社区', '新华坊社区'],
  },
  { code: 'T01', name: '河口镇', kind: 'town', communities: ['河口村', '北庄村', '前营村'] },
  {
    code: 'T02',
    name: '青山镇',
    kind: 'town',
    communities: ['青山村', '松林村', '上庄村', '桃园社区'],
  },
  { code: 'T03', name: '石门乡', kind: 'town', communities: ['石门村', '西沟村'] },
];

/** Departments; the demo text refers to them by code (B01 housing, B02 city management, …). */
const DEPARTMENTS: readonly UnitSeed[] = [
  { code: 'B01', name: '区住建委', kind: 'department' },
  { code: 'B02', name: '区城管委', kind: 'department' },
  { code: 'B03', name: '区市场监管局', kind: 'department' },
  { code: 'B04', name: '区交通支队', kind: 'department' },
  { code: 'B05', name: '区水务局', kind: 'department' },
  { code: 'B06', name: '区教委', kind: 'department' },
  { code: 'B07', name: '区卫健委', kind: 'department' },
  { code: 'B08', name: '区人力社保局', kind: 'department' },
];

interface UserSeed {
  username: DemoUsername;
  realname: string;
  mobile: string;
  unitCode: string;
  group: string | null;
}

const USERS: readonly UserSeed[] = [
  { username: 'admin', realname: '周文涛', mobile: '13800000000', unitCode: 'D01', group: null },
  {
    username: 'dispatcher',
    realname: '王晓丽',
    mobile: '13800000001',
    unitCode: 'D01',
    group: 'dispatcher',
  },
  {
    username: 'street1',
    realname: '张海燕',
    mobile: '13800000002',
    unitCode: 'S01',
    group: 'street',
  },
  {
    username: 'reviewer',
    realname: '李建平',
    mobile: '13800000003',
    unitCode: 'D01',
    group: 'reviewer',
  },
  {
    username: 'visitor',
    realname: '陈淑芬',
    mobile: '13800000004',
    unitCode: 'D01',
    group: 'visitor',
  },
  { username: 'agent', realname: '刘佳怡', mobile: '13800000005', unitCode: 'D01', group: 'agent' },
  {
    username: 'leader',
    realname: '孙国栋',
    mobile: '13800000006',
    unitCode: 'D01',
    group: 'leader',
  },
  {
    username: 'street2',
    realname: '马俊杰',
    mobile: '13800000007',
    unitCode: 'S02',
    group: 'street',
  },
  {
    username: 'town1',
    realname: '杨春生',
    mobile: '13800000008',
    unitCode: 'T01',
    group: 'street',
  },
  {
    username: 'dept1',
    realname: '何立新',
    mobile: '13800000009',
    unitCode: 'B01',
    group: 'department',
  },
  {
    username: 'dept2',
    realname: '郭振华',
    mobile: '13800000010',
    unitCode: 'B02',
    group: 'department',
  },
  // The street's leader (issue 21): hears when an order of 望湖街道 misses its limit.
  {
    username: 'leader1',
    realname: '钱立平',
    mobile: '13800000011',
    unitCode: 'S01',
    group: 'leader',
  },
];

/**
 * Insert the demo units, users and their role memberships. The roles (`auth_groups`) must exist
 * already: the base seed makes them. Every account gets the same `passwordHash`.
 */
export async function seedDemoOrg(db: Kysely<Database>, passwordHash: string): Promise<DemoOrg> {
  return db.transaction().execute(async (trx) => {
    const units: Record<number, DemoUnit> = {};
    const byCode = new Map<string, DemoUnit>();
    const insertUnits = async (
      rows: readonly UnitSeed[],
      parentId: number | null,
    ): Promise<DemoUnit[]> => {
      const inserted = await trx
        .insertInto('units')
        .values(
          rows.map((u, i) => ({
            code: u.code,
            name: u.name,
            kind: u.kind,
            parent_id: parentId,
            sort: i + 1,
          })),
        )
        .returning(['id', 'code'])
        .execute();
      return rows.map((u, i) => {
        const id = inserted[i]?.id;
        if (id === undefined) throw new Error(`unit ${u.code} was not inserted`);
        const unit: DemoUnit = { id, code: u.code, name: u.name, kind: u.kind, parentId };
        units[id] = unit;
        byCode.set(u.code, unit);
        return unit;
      });
    };

    const [city] = await insertUnits([{ code: 'CITY', name: '市12345中心', kind: 'city' }], null);
    if (!city) throw new Error('city unit was not inserted');
    const [district] = await insertUnits(
      [{ code: 'D01', name: `${DEMO_DISTRICT_NAME}接诉即办中心`, kind: 'district' }],
      city.id,
    );
    if (!district) throw new Error('district unit was not inserted');
    const hosts = await insertUnits(STREETS_AND_TOWNS, district.id);
    const departments = await insertUnits(DEPARTMENTS, district.id);

    const communityIdsByParent: Record<number, number[]> = {};
    for (const [i, parent] of hosts.entries()) {
      const names = STREETS_AND_TOWNS[i]?.communities ?? [];
      const children = await insertUnits(
        names.map((name, j) => ({
          code: `${parent.code}${parent.kind === 'town' ? 'V' : 'C'}${String(j + 1).padStart(2, '0')}`,
          name,
          kind: name.endsWith('村') ? 'village' : 'community',
        })),
        parent.id,
      );
      communityIdsByParent[parent.id] = children.map((c) => c.id);
    }

    const insertedUsers = await trx
      .insertInto('users')
      .values(
        USERS.map((u) => {
          const unit = byCode.get(u.unitCode);
          if (!unit) throw new Error(`unknown unit ${u.unitCode}`);
          return {
            username: u.username,
            password_hash: passwordHash,
            realname: u.realname,
            mobile: u.mobile,
            unit_id: unit.id,
            is_admin: u.username === 'admin',
          };
        }),
      )
      .returning(['id', 'username'])
      .execute();
    const userIdByName = new Map(insertedUsers.map((u) => [u.username, u.id]));
    const userIds = Object.fromEntries(
      DEMO_USERNAMES.map((name) => {
        const id = userIdByName.get(name);
        if (id === undefined) throw new Error(`user ${name} was not inserted`);
        return [name, id];
      }),
    ) as Record<DemoUsername, number>;

    const groupNames = [...new Set(USERS.flatMap((u) => (u.group ? [u.group] : [])))];
    const groups = await trx
      .selectFrom('auth_groups')
      .select(['id', 'name'])
      .where('name', 'in', groupNames)
      .execute();
    const groupId = new Map(groups.map((g) => [g.name, g.id]));
    const memberships = USERS.flatMap((u) => {
      if (!u.group) return [];
      const id = groupId.get(u.group);
      if (id === undefined)
        throw new Error(`role '${u.group}' is missing: run the base seed first`);
      return [{ user_id: userIds[u.username], group_id: id }];
    });
    await trx.insertInto('user_groups').values(memberships).execute();
    await enableDemoCalling(trx);

    return {
      cityId: city.id,
      districtId: district.id,
      streetIds: hosts.filter((u) => u.kind === 'street').map((u) => u.id),
      townIds: hosts.filter((u) => u.kind === 'town').map((u) => u.id),
      departmentIds: departments.map((u) => u.id),
      communityIdsByParent,
      userIds,
      units,
    };
  });
}
