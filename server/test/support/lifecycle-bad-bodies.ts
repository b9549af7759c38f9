/**
 * The bad bodies of every work-order action path (server/test/lifecycle-bad-input.test.ts).
 * Each body is otherwise valid, so the named field is the only thing wrong; ORDER stands for a
 * real order id the test fills in.
 */

export interface Bad {
  label: string;
  body: Record<string, unknown> | unknown;
  field: string;
}

const long = (n: number) => 'x'.repeat(n);
export const ORDER = -42; // replaced by a real order id

/** Bodies that are not objects, and every way to get `id` wrong. */
export function common(valid: Record<string, unknown>): Bad[] {
  const without = Object.fromEntries(Object.entries(valid).filter(([k]) => k !== 'id'));
  return [
    { label: 'id missing', body: without, field: 'id' },
    { label: 'id 0', body: { ...valid, id: 0 }, field: 'id' },
    { label: 'id -1', body: { ...valid, id: -1 }, field: 'id' },
    { label: 'id true', body: { ...valid, id: true }, field: 'id' },
    { label: 'id [1]', body: { ...valid, id: [1] }, field: 'id' },
    { label: 'id 1.5', body: { ...valid, id: 1.5 }, field: 'id' },
    { label: 'id text', body: { ...valid, id: 'abc' }, field: 'id' },
    { label: 'id null', body: { ...valid, id: null }, field: 'id' },
    { label: 'id an object', body: { ...valid, id: { id: 1 } }, field: 'id' },
    { label: 'body null', body: null, field: 'body' },
    { label: 'body an array', body: [valid], field: 'body' },
    { label: 'body a string', body: 'id=1', field: 'body' },
  ];
}

export interface PathCase {
  urls: string[];
  valid: Record<string, unknown>;
  bad: [label: string, body: Record<string, unknown>, field: string][];
  /** Paths without an order id (batch, my locks). */
  noId?: boolean;
}

const comment = (v: Record<string, unknown>): PathCase['bad'] => [
  ['comment of 2001 characters', { ...v, comment: long(2001) }, 'comment'],
  ['comment a number', { ...v, comment: 5 }, 'comment'],
];

export const TABLE: PathCase[] = [
  {
    urls: ['cy/a5HandleOrderSignInCy'],
    valid: { id: ORDER, signType: 1 },
    bad: [
      ['signType 3', { signType: 3 }, 'signType'],
      ['signType text', { signType: 'sign' }, 'signType'],
      ['signType true', { signType: true }, 'signType'],
      ['refusal without a reason', { signType: 2 }, 'reason'],
      ['refusal with a blank reason', { signType: 2, reason: '   ' }, 'reason'],
      ['reason of 2001 characters', { signType: 2, reason: long(2001) }, 'reason'],
      ['reason an array', { signType: 2, reason: ['a'] }, 'reason'],
    ],
  },
  {
    urls: ['Ft/signInFt', 'lock/assignLock', 'org/queryHandleOrgInfo', 'org/handleBackOrgQuery'],
    valid: { id: ORDER },
    bad: [],
  },
  {
    urls: ['org/returnPermission', 'queryOrderAttributeSjs', 'sjs/queryOrderAttributeSjs'],
    valid: { id: ORDER },
    bad: [],
  },
  {
    urls: ['lists/recordHandlingPerson'],
    valid: { id: ORDER, staff: '李四' },
    bad: [
      ['staff of 51 characters', { staff: long(51) }, 'staff'],
      ['staff a number', { staff: 7 }, 'staff'],
    ],
  },
  {
    urls: ['org/submitHandleOrgInfo', 'lists/undertakeSave'],
    valid: { id: ORDER, hostUnitId: 1 },
    bad: [
      ['hostUnitId missing', { hostUnitId: undefined }, 'hostUnitId'],
      ['hostUnitId 0', { hostUnitId: 0 }, 'hostUnitId'],
      ['hostUnitId true', { hostUnitId: true }, 'hostUnitId'],
      ['hostUnitId text', { hostUnitId: 'S01' }, 'hostUnitId'],
      ['hostUnitId beyond int4', { hostUnitId: 2 ** 31 }, 'hostUnitId'],
      ['coHostUnitIds with a letter', { coHostUnitIds: '3,a' }, 'coHostUnitIds.1'],
      ['coHostUnitIds with 0', { coHostUnitIds: [0] }, 'coHostUnitIds.0'],
      [
        'coHostUnitIds of 21',
        { coHostUnitIds: Array.from({ length: 21 }, (_, i) => i + 1) },
        'coHostUnitIds',
      ],
      ['comment of 2001 characters', { comment: long(2001) }, 'comment'],
    ],
  },
  {
    urls: ['town/operateOrder', 'org/operateOrder'],
    valid: { id: ORDER, operate: 'sign' },
    bad: [
      ['operate unknown', { operate: 'finish' }, 'operate'],
      ['operate missing', { operate: undefined }, 'operate'],
      ['return without a reason', { operate: 'return' }, 'reason'],
      ['reply without content', { operate: 'reply', contacted: 1, resolved: 1 }, 'content'],
      [
        'reply with contacted "maybe"',
        { operate: 'reply', content: '已办', contacted: 'maybe', resolved: 1 },
        'contacted',
      ],
      ['reply without resolved', { operate: 'reply', content: '已办', contacted: 1 }, 'resolved'],
    ],
  },
  {
    urls: ['town/updateProResult', 'lists/submitHandleResult'],
    valid: { id: ORDER, content: '已办', contacted: 1, resolved: 0 },
    bad: [
      ['content missing', { content: undefined }, 'content'],
      ['content blank', { content: '  ' }, 'content'],
      ['content of 2001 characters', { content: long(2001) }, 'content'],
      ['contacted 2', { contacted: 2 }, 'contacted'],
      ['contacted an array', { contacted: [1] }, 'contacted'],
      ['resolved missing', { resolved: undefined }, 'resolved'],
    ],
  },
  {
    urls: ['lists/orgReplyAdd', 'lists/addlog', 'town/updateHuifangSelf'],
    valid: { id: ORDER, content: '进展' },
    bad: [
      ['content missing', { content: undefined }, 'content'],
      ['content of 2001 characters', { content: long(2001) }, 'content'],
      ['content a number', { content: 1 }, 'content'],
    ],
  },
  {
    urls: ['org/handleBackOrgUpdate', 'town/cityBack'],
    valid: { id: ORDER, reason: '非本单位职责' },
    bad: [
      ['reason missing', { reason: undefined }, 'reason'],
      ['reason blank', { reason: ' ' }, 'reason'],
      ['reason of 2001 characters', { reason: long(2001) }, 'reason'],
    ],
  },
  {
    urls: ['district/reply', 'replyCheck', 'town/replyCheck', 'Approve/approvalExtraCheck'],
    valid: { id: ORDER, pass: 1 },
    bad: [
      ['pass missing', { pass: undefined }, 'pass'],
      ['pass 2', { pass: 2 }, 'pass'],
      ['pass "yes"', { pass: 'yes' }, 'pass'],
      ['rejection without a comment', { pass: 0 }, 'comment'],
      ...comment({}),
    ],
  },
  {
    urls: ['Approve/feedbackInformation'],
    valid: { id: ORDER, pass: 1 },
    bad: [
      ['pass missing', { pass: undefined }, 'pass'],
      ['rejection without a comment', { pass: 0 }, 'comment'],
      ['toCity "city"', { toCity: 'city' }, 'toCity'],
      ...comment({}),
    ],
  },
  {
    urls: ['district/cityback', 'Sjs/revokeApproval', 'Cy/supervision'],
    valid: { id: ORDER, comment: '意见' },
    bad: [
      ['comment missing', { comment: undefined }, 'comment'],
      ['comment blank', { comment: '   ' }, 'comment'],
      ...comment({}),
    ],
  },
  {
    urls: [
      'updateHuifangSjs',
      'updateHuifangSelfSjs',
      'sjs/updateHuifangSjs',
      'sjs/updateHuifangSelfSjs',
    ],
    valid: { id: ORDER, reached: 0 },
    bad: [
      ['reached missing', { reached: undefined }, 'reached'],
      ['reached "yes"', { reached: 'yes' }, 'reached'],
      [
        'reached without hostContacted',
        { reached: 1, resolved: 1, satisfaction: 'basic' },
        'hostContacted',
      ],
      [
        'reached without satisfaction',
        { reached: 1, hostContacted: 1, resolved: 1 },
        'satisfaction',
      ],
      [
        'satisfaction "great"',
        { reached: 1, hostContacted: 1, resolved: 1, satisfaction: 'great' },
        'satisfaction',
      ],
      ['remark of 2001 characters', { remark: long(2001) }, 'remark'],
    ],
  },
  {
    urls: ['lists/applyCenterHuifangSjs', 'Dc/applyCenterHuifangDc', 'lists/closeOrder'],
    valid: { id: ORDER },
    bad: comment({}),
  },
  {
    urls: ['handleImportantAppeal'],
    valid: { id: ORDER, on: 1 },
    bad: [['on missing', { on: undefined }, 'on'], ['on "x"', { on: 'x' }, 'on'], ...comment({})],
  },
  {
    urls: ['updateOrderSmsOptOut'],
    valid: { id: ORDER, optOut: 1 },
    bad: [
      ['optOut missing', { optOut: undefined }, 'optOut'],
      ['optOut "x"', { optOut: 'x' }, 'optOut'],
      ...comment({}),
    ],
  },
  {
    urls: ['handleGatherAppeal'],
    valid: { id: ORDER, intoId: 1 },
    bad: [
      ['intoId missing', { intoId: undefined }, 'intoId'],
      ['intoId 0', { intoId: 0 }, 'intoId'],
      ['intoId true', { intoId: true }, 'intoId'],
      ['intoId [1]', { intoId: [1] }, 'intoId'],
    ],
  },
  {
    urls: ['tichu/tichuCate'],
    valid: { id: ORDER, tichuType: '重复件', reason: '重复来电' },
    bad: [
      ['tichuType missing', { tichuType: undefined }, 'tichuType'],
      ['tichuType of 51 characters', { tichuType: long(51) }, 'tichuType'],
      ['reason missing', { reason: undefined }, 'reason'],
    ],
  },
  {
    urls: ['Approve/applyExtension'],
    valid: { id: ORDER, hours: 24, reason: '需协调' },
    bad: [
      ['hours 0', { hours: 0 }, 'hours'],
      ['hours 721', { hours: 721 }, 'hours'],
      ['hours 1.5', { hours: 1.5 }, 'hours'],
      ['hours text', { hours: 'a day' }, 'hours'],
      ['hours missing', { hours: undefined }, 'hours'],
      ['reason of 2001 characters', { reason: long(2001) }, 'reason'],
    ],
  },
  {
    urls: ['handle/updateorderfield', 'sjs/updateOrderInfoSjs'],
    valid: { id: ORDER, title: '新标题' },
    bad: [
      ['title empty', { title: '' }, 'title'],
      ['title of 201 characters', { title: long(201) }, 'title'],
      ['majorContent of 5001 characters', { majorContent: long(5001) }, 'majorContent'],
      ['urgency "soon"', { urgency: 'soon' }, 'urgency'],
      ['orderNature "rant"', { orderNature: 'rant' }, 'orderNature'],
      ['callerPhone of 5 digits', { callerPhone: '12345' }, 'callerPhone'],
      ['callerPhone with +86', { callerPhone: '+8613800000000' }, 'callerPhone'],
      ['callerPhone a number', { callerPhone: 13800000000 }, 'callerPhone'],
      ['categoryId 0', { categoryId: 0 }, 'categoryId'],
      ['categoryId text', { categoryId: 'roads' }, 'categoryId'],
      ['callerName of 51 characters', { callerName: long(51) }, 'callerName'],
      ['address of 201 characters', { address: long(201) }, 'address'],
    ],
  },
  {
    urls: ['town/updateOrderField'],
    valid: { id: ORDER, address: '新地址' },
    bad: [
      ['address of 201 characters', { address: long(201) }, 'address'],
      ['communityUnitId -1', { communityUnitId: -1 }, 'communityUnitId'],
      ['communityUnitId true', { communityUnitId: true }, 'communityUnitId'],
    ],
  },
  {
    urls: ['updateOrderRemarks'],
    valid: { id: ORDER, remarks: '备注' },
    bad: [
      ['remarks missing', { remarks: undefined }, 'remarks'],
      ['remarks of 2001 characters', { remarks: long(2001) }, 'remarks'],
    ],
  },
  {
    urls: ['updateOrderAttributeSjs', 'sjs/updateOrderAttributeSjs'],
    valid: { id: ORDER, riskLevel: 1 },
    bad: [
      ['riskLevel 4', { riskLevel: 4 }, 'riskLevel'],
      ['labels of 11', { labels: Array.from({ length: 11 }, (_, i) => `l${i}`) }, 'labels'],
      ['a label of 21 characters', { labels: [long(21)] }, 'labels.0'],
      ['labels a number', { labels: 5 }, 'labels'],
      ['sevenFiveCategory of 51 characters', { sevenFiveCategory: long(51) }, 'sevenFiveCategory'],
      ['orderNature "rant"', { orderNature: 'rant' }, 'orderNature'],
    ],
  },
  {
    urls: ['lock/assignUnlock'],
    valid: { id: ORDER },
    bad: [['force "please"', { force: 'please' }, 'force']],
  },
  {
    urls: ['Cy/batchSupervision'],
    noId: true,
    valid: { ids: [1], comment: '督办' },
    bad: [
      ['ids missing', { ids: undefined }, 'ids'],
      ['ids empty', { ids: [] }, 'ids'],
      ['ids with 0', { ids: [0] }, 'ids.0'],
      ['ids with a letter', { ids: '1,a' }, 'ids.1'],
      ['ids of 101', { ids: Array.from({ length: 101 }, (_, i) => i + 1) }, 'ids'],
      ['comment missing', { comment: undefined }, 'comment'],
      ['body null', null as unknown as Record<string, unknown>, 'body'],
    ],
  },
  {
    urls: ['Assignlock/getMyOrders'],
    noId: true,
    valid: {},
    bad: [
      ['pageNo 0', { pageNo: 0 }, 'pageNo'],
      ['pageSize 101', { pageSize: 101 }, 'pageSize'],
      ['pageSize text', { pageSize: 'ten' }, 'pageSize'],
    ],
  },
];
