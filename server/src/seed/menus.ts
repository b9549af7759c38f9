import { CALLOUT_RULE, QUEUES, RULES, type Guard, type QueueScope } from '@hotline/domain';

/** The menu rule list: routes, their guards and conditions. Keys are stable. */
export interface MenuSeed {
  key: string;
  parentKey?: string;
  path: string;
  name: string;
  component: string;
  title: string;
  titleEn: string;
  icon?: string;
  isMenu?: boolean;
  queueId?: string;
  guard?: Guard;
  unitKinds?: QueueScope[];
  configKey?: string;
}

/** The queue groups; the intake list sits under 工单办理 beside the intake form. */
type GroupScope = Exclude<QueueScope, 'intake'>;

const GROUPS: Record<
  GroupScope,
  { path: string; title: string; titleEn: string; icon: string; guard: Guard; unit: QueueScope }
> = {
  district: {
    path: '/jsjb/district',
    title: '区级工单',
    titleEn: 'District orders',
    icon: 'file-text',
    guard: [RULES.districtQuery, RULES.leader],
    unit: 'district',
  },
  street: {
    path: '/jsjb/street',
    title: '街乡镇工单',
    titleEn: 'Street orders',
    icon: 'environment',
    guard: [RULES.street],
    unit: 'street',
  },
  department: {
    path: '/jsjb/dept',
    title: '部门工单',
    titleEn: 'Department orders',
    icon: 'bank',
    guard: [RULES.department],
    unit: 'department',
  },
  callback: {
    path: '/jsjb/callback',
    title: '回访管理',
    titleEn: 'Return visits',
    icon: 'phone',
    guard: [RULES.callback],
    unit: 'district',
  },
};

function queueMenus(): MenuSeed[] {
  const out: MenuSeed[] = [];
  for (const [scope, group] of Object.entries(GROUPS) as [
    GroupScope,
    (typeof GROUPS)[GroupScope],
  ][]) {
    out.push({
      key: `group_${scope}`,
      path: group.path,
      name: `Group${scope[0]?.toUpperCase()}${scope.slice(1)}`,
      component: 'Layout',
      title: group.title,
      titleEn: group.titleEn,
      icon: group.icon,
      guard: group.guard,
      unitKinds: [group.unit],
    });
    for (const queue of QUEUES.filter((q) => q.scope === scope)) {
      out.push({
        key: `queue_${queue.id}`,
        parentKey: `group_${scope}`,
        path: `${group.path}/${queue.id}`,
        name: `Queue_${queue.id}`,
        component: 'workorder/queue',
        title: queue.zh,
        titleEn: queue.en,
        queueId: queue.id,
        guard: group.guard,
        unitKinds: [group.unit],
      });
    }
  }
  return out;
}

const ACTORS: Guard = [
  RULES.districtQuery,
  RULES.street,
  RULES.department,
  RULES.callback,
  RULES.case,
];
const NOBODY_BUT_ADMIN: Guard = ['/system/admin'];

export const MENU_SEED: MenuSeed[] = [
  {
    key: 'home',
    path: '/index',
    name: 'Index',
    component: 'index/index',
    title: '首页',
    titleEn: 'Home',
    icon: 'home',
  },
  ...queueMenus(),
  {
    key: 'group_work',
    path: '/jsjb/work',
    name: 'GroupWork',
    component: 'Layout',
    title: '工单办理',
    titleEn: 'Work',
    icon: 'solution',
    guard: ACTORS,
  },
  {
    key: 'intake',
    parentKey: 'group_work',
    path: '/jsjb/work/intake',
    name: 'Intake',
    component: 'workorder/intake',
    title: '自建工单',
    titleEn: 'New order',
    guard: [RULES.case],
  },
  {
    // The orders the caller typed in (queue lr_wlr: created_by = the viewer), for whoever may
    // type orders in; a list without a badge.
    key: 'queue_lr_wlr',
    parentKey: 'group_work',
    path: '/jsjb/work/lr_wlr',
    name: 'Queue_lr_wlr',
    component: 'workorder/queue',
    title: '我录入的工单',
    titleEn: 'My intake',
    queueId: 'lr_wlr',
    guard: [RULES.case],
  },
  {
    key: 'my_locked',
    parentKey: 'group_work',
    path: '/jsjb/work/locked',
    name: 'MyLocked',
    component: 'workorder/locked',
    title: '我锁定的工单',
    titleEn: 'My locked orders',
    guard: ACTORS,
  },
  {
    key: 'order_detail',

    path: '/jsjb/order/:id',
    name: 'OrderDetail',
    component: 'workorder/detail',
    title: '工单详情',
    titleEn: 'Order detail',
    isMenu: false,
    guard: [...(ACTORS as string[]), RULES.leader],
  },
  {
    key: 'order_print',
    path: '/jsjb/order/print/:id',
    name: 'OrderPrint',
    component: 'workorder/print',
    title: '打印工单',
    titleEn: 'Print order',
    isMenu: false,
    guard: [...(ACTORS as string[]), RULES.leader],
  },
  {
    // Every order in the caller's scope, filtered by the route's query: the board's drill-down
    // (a unit's orders of the period) opens here.
    key: 'order_list',
    path: '/jsjb/orders',
    name: 'OrderList',
    component: 'workorder/queue',
    title: '工单查询',
    titleEn: 'Orders',
    isMenu: false,
    guard: [...(ACTORS as string[]), RULES.leader],
  },
  {
    key: 'group_call',
    path: '/call',
    name: 'GroupCall',
    component: 'Layout',
    title: '外呼管理',
    titleEn: 'Outbound calls',
    icon: 'customer-service',
    guard: [RULES.case, RULES.districtQuery],
    configKey: 'is_waihu',
  },
  {
    key: 'call_records',
    parentKey: 'group_call',
    path: '/call/records',
    name: 'CallRecords',
    component: 'call/records',
    title: '通话记录',
    titleEn: 'Call records',
    guard: [RULES.case, RULES.districtQuery],
    configKey: 'is_waihu',
  },
  {
    key: 'group_stats',
    path: '/stats',
    name: 'GroupStats',
    component: 'Layout',
    title: '统计考核',
    titleEn: 'Statistics',
    icon: 'bar-chart',
    guard: [RULES.districtQuery, RULES.leader],
  },
  {
    key: 'kanban',
    parentKey: 'group_stats',
    path: '/stats/kanban',
    name: 'Kanban',
    component: 'stats/kanban',
    title: '考核看板',
    titleEn: 'Assessment board',
    guard: [RULES.districtQuery, RULES.leader],
  },
  {
    // Every role keeps its own phrases (and reads its unit's shared ones); an account with no
    // rule at all still has no menu (218).
    key: 'my_phrases',
    path: '/account/phrases',
    name: 'MyPhrases',
    component: 'account/phrases',
    title: '常用语',
    titleEn: 'Common phrases',
    icon: 'message',
    guard: [...(ACTORS as string[]), RULES.leader, CALLOUT_RULE],
  },
  {
    key: 'group_system',
    path: '/system',
    name: 'GroupSystem',
    component: 'Layout',
    title: '系统管理',
    titleEn: 'System',
    icon: 'setting',
    guard: NOBODY_BUT_ADMIN,
  },
  {
    key: 'sys_users',
    parentKey: 'group_system',
    path: '/system/users',
    name: 'SysUsers',
    component: 'system/users',
    title: '用户管理',
    titleEn: 'Users',
    guard: NOBODY_BUT_ADMIN,
  },
  {
    key: 'sys_units',
    parentKey: 'group_system',
    path: '/system/units',
    name: 'SysUnits',
    component: 'system/units',
    title: '组织机构',
    titleEn: 'Units',
    guard: NOBODY_BUT_ADMIN,
  },
  {
    key: 'sys_roles',
    parentKey: 'group_system',
    path: '/system/roles',
    name: 'SysRoles',
    component: 'system/roles',
    title: '角色权限',
    titleEn: 'Roles',
    guard: NOBODY_BUT_ADMIN,
  },
  {
    key: 'sys_categories',
    parentKey: 'group_system',
    path: '/system/categories',
    name: 'SysCategories',
    component: 'system/categories',
    title: '问题分类',
    titleEn: 'Categories',
    guard: NOBODY_BUT_ADMIN,
  },
  {
    key: 'sys_config',
    parentKey: 'group_system',
    path: '/system/config',
    name: 'SysConfig',
    component: 'system/config',
    title: '系统配置',
    titleEn: 'Configuration',
    guard: NOBODY_BUT_ADMIN,
  },
  {
    key: 'sys_keys',
    parentKey: 'group_system',
    path: '/system/keys',
    name: 'SysKeys',
    component: 'system/keys',
    title: '接口密钥',
    titleEn: 'Integration keys',
    guard: NOBODY_BUT_ADMIN,
  },
  {
    key: 'sys_audit',
    parentKey: 'group_system',
    path: '/system/audit',
    name: 'SysAudit',
    component: 'system/audit',
    title: '操作日志',
    titleEn: 'Audit log',
    guard: NOBODY_BUT_ADMIN,
  },
  {
    key: 'sys_calendar',
    parentKey: 'group_system',
    path: '/system/calendar',
    name: 'SysCalendar',
    component: 'system/calendar',
    title: '工作日历',
    titleEn: 'Work calendar',
    guard: NOBODY_BUT_ADMIN,
  },
];

export const SEARCH_LINKS = [
  { title: '自建工单', url: '#/jsjb/work/intake', keywords: '新建 工单 录入 intake' },
  { title: '我锁定的工单', url: '#/jsjb/work/locked', keywords: '锁定 locked' },
  { title: '考核看板', url: '#/stats/kanban', keywords: '考核 统计 排名 kanban' },
  { title: '区级待签收', url: '#/jsjb/district/qu_dqs', keywords: '签收 待签收 sign' },
  { title: '待回访', url: '#/jsjb/callback/hf_dhf', keywords: '回访 visit' },
  {
    title: '接诉即办工作规范（外部）',
    url: 'https://www.beijing.gov.cn/',
    keywords: '规范 制度 政策 policy',
  },
];
