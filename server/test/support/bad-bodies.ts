/**
 * The table of the bad-input suite: for each POST endpoint with a body, bodies that must be
 * refused with 400 and a message naming `field` (the first field reported). `caller` says who
 * sends them: nobody (public routes), a signed-in user, or the admin.
 */

export type Caller = 'public' | 'user' | 'admin';

export interface BadBody {
  label: string;
  body: unknown;
  field: string;
}

export interface EndpointCase {
  url: string;
  caller: Caller;
  bad: BadBody[];
}

const long = (n: number) => 'x'.repeat(n);
const b = (label: string, body: unknown, field: string): BadBody => ({ label, body, field });

/** Bodies that are not objects at all: the whole body is the field. */
const notObjects: BadBody[] = [
  b('null', null, 'body'),
  b('an array', [1, 2], 'body'),
  b('a string', 'hello', 'body'),
  b('a number', 42, 'body'),
];

const pw = 'Demo@12345';
const configList: BadBody[] = [
  b('group in capitals', { group: 'JSJB' }, 'group'),
  b('group a number', { group: 5 }, 'group'),
  b('group an array', { group: ['jsjb'] }, 'group'),
  b('group a nested object', { group: { name: 'jsjb' } }, 'group'),
  b('group of 33 characters', { group: `a${long(32)}` }, 'group'),
  b('pageSize 1001', { group: 'jsjb', pageSize: 1001 }, 'pageSize'),
  b('pageSize 0', { group: 'jsjb', pageSize: 0 }, 'pageSize'),
  b('pageSize 1.5', { group: 'jsjb', pageSize: 1.5 }, 'pageSize'),
  b('pageSize an array', { group: 'jsjb', pageSize: [5] }, 'pageSize'),
  b('pageNo -1', { group: 'jsjb', pageNo: -1 }, 'pageNo'),
  b('pageNo text', { group: 'jsjb', pageNo: 'abc' }, 'pageNo'),
  b('pageNo a boolean', { group: 'jsjb', pageNo: true }, 'pageNo'),
  ...notObjects,
];

const sendSms: BadBody[] = [
  b('mobile missing', {}, 'mobile'),
  b('mobile a number', { mobile: 13800000001 }, 'mobile'),
  b('mobile of 10 digits', { mobile: '1380000000' }, 'mobile'),
  b('mobile starting 12', { mobile: '12800000001' }, 'mobile'),
  b('mobile with +86', { mobile: '+8613800000001' }, 'mobile'),
  b('mobile an array', { mobile: ['13800000001'] }, 'mobile'),
  b('mobile a nested object', { mobile: { number: '13800000001' } }, 'mobile'),
  b('mobile null', { mobile: null }, 'mobile'),
  b('mobile of 10,000 characters', { mobile: long(10_000) }, 'mobile'),
  ...notObjects,
];

const checkCode: BadBody[] = [
  b('code a number', { mobile: '13800000001', code: 123456 }, 'code'),
  b('code letters', { mobile: '13800000001', code: 'abcdef' }, 'code'),
  b('code of 17 characters', { mobile: '13800000001', code: long(17) }, 'code'),
  b('code missing', { mobile: '13800000001' }, 'code'),
  b('mobile bad', { mobile: '138', code: '123456' }, 'mobile'),
  b('mobile an array', { mobile: ['13800000001'], code: '123456' }, 'mobile'),
  b('mobile missing', { code: '123456' }, 'mobile'),
  b('mobile of 33 characters', { mobile: long(33), code: '123456' }, 'mobile'),
  ...notObjects,
];

export const BAD_INPUT: EndpointCase[] = [
  {
    url: '/api/login/password',
    caller: 'public',
    bad: [
      b('10,000-character username', { username: long(10_000), password: pw }, 'username'),
      b('username an array', { username: ['dispatcher'], password: pw }, 'username'),
      b('username a nested object', { username: { $ne: '' }, password: pw }, 'username'),
      b('username null', { username: null, password: pw }, 'username'),
      b('username empty', { username: '', password: pw }, 'username'),
      b('password a number', { username: 'dispatcher', password: 12345678 }, 'password'),
      b('password of 129 characters', { username: 'dispatcher', password: long(129) }, 'password'),
      b('password missing', { username: 'dispatcher' }, 'password'),
      b('everything missing', {}, 'username'),
      b('param a number', { param: 123 }, 'param'),
      b('param empty', { param: '' }, 'param'),
      b('param of 8193 characters', { param: long(8193) }, 'param'),
      ...notObjects,
    ],
  },
  {
    url: '/api/index/sendsms',
    caller: 'public',
    bad: sendSms,
  },
  {
    url: '/api/index/checkCode',
    caller: 'public',
    bad: checkCode,
  },
  { url: '/api/addons/sms/Sms/send', caller: 'public', bad: sendSms },
  { url: '/api/addons/sms/Sms/codeLogin', caller: 'public', bad: checkCode },
  {
    url: '/api/index/authlogin',
    caller: 'public',
    bad: [
      b('token missing', {}, 'token'),
      b('token a number', { token: 5 }, 'token'),
      b('token empty', { token: '' }, 'token'),
      b('token of 4097 characters', { token: long(4097) }, 'token'),
      b('token an array', { token: ['a.b.c'] }, 'token'),
      b('token null', { token: null }, 'token'),
      ...notObjects,
    ],
  },
  { url: '/api/getWebConfig', caller: 'public', bad: configList },
  { url: '/api/getWebConfigList', caller: 'public', bad: configList },
  { url: '/api/getConfig', caller: 'user', bad: configList },
  { url: '/api/getConfigList', caller: 'user', bad: configList },
  {
    url: '/api/addons/jsjb/view/index',
    caller: 'user',
    bad: [
      b('msg of 4001 characters', { msg: long(4001) }, 'msg'),
      b('code a fraction', { code: 1.5 }, 'code'),
      b('code of 21 characters', { code: long(21) }, 'code'),
      b('code a nested object', { code: { a: 1 } }, 'code'),
      b('town a number', { town: 5 }, 'town'),
      b('town of 101 characters', { town: long(101) }, 'town'),
      b('html_url an array', { html_url: ['#/a'] }, 'html_url'),
      b('java_url of 2001 characters', { java_url: long(2001) }, 'java_url'),
      ...notObjects,
    ],
  },
  {
    url: '/api/config/addgroup',
    caller: 'admin',
    bad: [
      b('name with capitals and a dash', { name: 'Bad-Name', title: 't' }, 'name'),
      b('name of 10,000 characters', { name: `a${long(9999)}`, title: 't' }, 'name'),
      b('name an array', { name: ['ok'], title: 't' }, 'name'),
      b('title of 65 characters', { name: 'qa_ok', title: long(65) }, 'title'),
      b('title empty', { name: 'qa_ok', title: '' }, 'title'),
      b('title blank', { name: 'qa_ok', title: '   ' }, 'title'),
      b('title missing', { name: 'qa_ok' }, 'title'),
      b('title a nested object', { name: 'qa_ok', title: { zh: '标题' } }, 'title'),
      b('sort -1', { name: 'qa_ok', title: 't', sort: -1 }, 'sort'),
      b('sort text', { name: 'qa_ok', title: 't', sort: 'abc' }, 'sort'),
      b('sort a boolean', { name: 'qa_ok', title: 't', sort: true }, 'sort'),
      ...notObjects,
    ],
  },
  {
    url: '/api/config/savegroup',
    caller: 'admin',
    bad: [
      b('name missing', { title: 'x' }, 'name'),
      b('title of 65 characters', { name: 'jsjb', title: long(65) }, 'title'),
      b('title empty', { name: 'jsjb', title: '' }, 'title'),
      b('sort 100001', { name: 'jsjb', sort: 100_001 }, 'sort'),
      b('sort an array', { name: 'jsjb', sort: [3] }, 'sort'),
      ...notObjects,
    ],
  },
  {
    url: '/api/config/deletegroup',
    caller: 'admin',
    bad: [
      b('name missing', {}, 'name'),
      b('name a number', { name: 5 }, 'name'),
      b('name in capitals', { name: 'SYSTEM' }, 'name'),
      b('name null', { name: null }, 'name'),
      ...notObjects,
    ],
  },
  {
    url: '/api/config/add',
    caller: 'admin',
    bad: [
      b('group missing', { name: 'qa_x', title: 't' }, 'group'),
      b('name with capitals', { group: 'jsjb', name: 'QaX', title: 't' }, 'name'),
      b('title of 65 characters', { group: 'jsjb', name: 'qa_x', title: long(65) }, 'title'),
      b('type unknown', { group: 'jsjb', name: 'qa_x', title: 't', type: 'blob' }, 'type'),
      b('value a number', { group: 'jsjb', name: 'qa_x', title: 't', value: 5 }, 'value'),
      b(
        'value a nested object',
        { group: 'jsjb', name: 'qa_x', title: 't', value: { a: 1 } },
        'value',
      ),
      b(
        'value of 20,001 characters',
        { group: 'jsjb', name: 'qa_x', title: 't', value: long(20_001) },
        'value',
      ),
      b('options a string', { group: 'jsjb', name: 'qa_x', title: 't', options: 'a,b' }, 'options'),
      b(
        'options of numbers',
        { group: 'jsjb', name: 'qa_x', title: 't', options: [1, 2] },
        'options.0',
      ),
      b('isPublic "yes"', { group: 'jsjb', name: 'qa_x', title: 't', isPublic: 'yes' }, 'isPublic'),
      b(
        'remark of 501 characters',
        { group: 'jsjb', name: 'qa_x', title: 't', remark: long(501) },
        'remark',
      ),
      b('sort -5', { group: 'jsjb', name: 'qa_x', title: 't', sort: -5 }, 'sort'),
      ...notObjects,
    ],
  },
  {
    url: '/api/config/save',
    caller: 'admin',
    bad: [
      b('id missing', { value: '1' }, 'id'),
      b('id 0', { id: 0, value: '1' }, 'id'),
      b('id -1', { id: -1, value: '1' }, 'id'),
      b('id text', { id: 'abc', value: '1' }, 'id'),
      b('id a fraction', { id: 1.5, value: '1' }, 'id'),
      b('id null', { id: null, value: '1' }, 'id'),
      b('id a boolean', { id: true, value: 'hacked' }, 'id'),
      b('id an array', { id: [1], value: 'hacked' }, 'id'),
      b('value a number', { id: 1, value: 5 }, 'value'),
      b('value an array', { id: 1, value: ['a'] }, 'value'),
      b('title of 65 characters', { id: 1, title: long(65) }, 'title'),
      b('isPublic "maybe"', { id: 1, isPublic: 'maybe' }, 'isPublic'),
      ...notObjects,
    ],
  },
  {
    url: '/api/config/delete',
    caller: 'admin',
    bad: [
      b('id missing', {}, 'id'),
      b('id 0', { id: 0 }, 'id'),
      b('id -3', { id: -3 }, 'id'),
      b('id text', { id: 'x' }, 'id'),
      b('id empty text', { id: '' }, 'id'),
      b('id a boolean', { id: true }, 'id'),
      b('id an array', { id: [2] }, 'id'),
      ...notObjects,
    ],
  },
  {
    url: '/api/auth/get',
    caller: 'admin',
    bad: [
      b('pageSize 1001', { pageSize: 1001 }, 'pageSize'),
      b('pageNo 0', { pageNo: 0 }, 'pageNo'),
      b('pageSize text', { pageSize: 'x' }, 'pageSize'),
      ...notObjects,
    ],
  },
  {
    url: '/api/auth/set',
    caller: 'admin',
    bad: [
      b('name with capitals', { name: 'Bad', title: 't' }, 'name'),
      b('name of 10,000 characters', { name: `a${long(9999)}`, title: 't' }, 'name'),
      b('title of 65 characters', { name: 'qa_r', title: long(65) }, 'title'),
      b('rules a string', { name: 'qa_r', title: 't', rules: '/jsjb/case' }, 'rules'),
      b('a rule without the slash', { name: 'qa_r', title: 't', rules: ['jsjb'] }, 'rules.0'),
      b('a rule a number', { name: 'qa_r', title: 't', rules: [5] }, 'rules.0'),
      b('a rule a nested object', { name: 'qa_r', title: 't', rules: [{ a: 1 }] }, 'rules.0'),
      b(
        '201 rules',
        { name: 'qa_r', title: 't', rules: Array.from({ length: 201 }, (_, i) => `/r${i}`) },
        'rules',
      ),
      ...notObjects,
    ],
  },
  {
    url: '/api/auth/update',
    caller: 'admin',
    bad: [
      b('id 0', { id: 0, title: 'x' }, 'id'),
      b('id -1', { id: -1, title: 'x' }, 'id'),
      b('title empty', { id: 1, title: '' }, 'title'),
      b('a bad second rule', { id: 1, rules: ['/ok', 'bad rule'] }, 'rules.1'),
      b('id a boolean', { id: true, title: 'hacked' }, 'id'),
      ...notObjects,
    ],
  },
  {
    url: '/api/auth/delete',
    caller: 'admin',
    bad: [
      b('id missing', {}, 'id'),
      b('id 0', { id: 0 }, 'id'),
      b('id text', { id: 'x' }, 'id'),
      b('id -1', { id: -1 }, 'id'),
      ...notObjects,
    ],
  },
  {
    url: '/api/admin/batchupdategroup',
    caller: 'admin',
    bad: [
      b('no users', { userIds: [], groupIds: [1] }, 'userIds'),
      b('user id 0', { userIds: [0], groupIds: [1] }, 'userIds.0'),
      b('user id -1', { userIds: [-1], groupIds: [1] }, 'userIds.0'),
      b('user ids text', { userIds: 'abc', groupIds: [1] }, 'userIds.0'),
      b('user ids a nested object', { userIds: { a: 1 }, groupIds: [1] }, 'userIds'),
      b('user ids null', { userIds: null, groupIds: [1] }, 'userIds'),
      b(
        '501 users',
        { userIds: Array.from({ length: 501 }, (_, i) => i + 1), groupIds: [1] },
        'userIds',
      ),
      b('a boolean user id', { userIds: [true], groupIds: [1] }, 'userIds.0'),
      b('no roles', { userIds: [1], groupIds: [] }, 'groupIds'),
      b('roles missing', { userIds: [1] }, 'groupIds'),
      b('role id 1.5', { userIds: [1], groupIds: [1.5] }, 'groupIds.0'),
      ...notObjects,
    ],
  },
];
