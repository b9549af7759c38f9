import type { FastifyInstance } from 'fastify';
import { bearer, type TestApp } from './test-app';

/**
 * Small helpers over `app.inject()` for the integration tests: every call sets Accept-Language
 * explicitly (so message assertions never depend on the default) and returns the envelope
 * together with the HTTP status.
 */

export type Lang = 'zh' | 'en';

export const ACCEPT_LANGUAGE: Record<Lang, string> = {
  zh: 'zh-CN,zh;q=0.9',
  en: 'en-US,en;q=0.9',
};

export interface Reply<T> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Record<string, unknown>;
}

export interface CallOptions {
  token?: string | undefined;
  lang?: Lang;
  /** A JSON body (objects, arrays, null …). */
  body?: unknown;
  /** A raw body sent as is, with `contentType`. */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** The client's address as the server sees it (default 127.0.0.1). */
  remoteAddress?: string;
}

type Target = TestApp | FastifyInstance;
const appOf = (t: Target): FastifyInstance =>
  'app' in t && 'ctx' in t ? t.app : (t as FastifyInstance);

export async function call<T = unknown>(
  target: Target,
  method: 'GET' | 'POST',
  url: string,
  options: CallOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = {
    'accept-language': ACCEPT_LANGUAGE[options.lang ?? 'en'],
    ...(options.token ? bearer(options.token) : {}),
    ...(options.headers ?? {}),
  };
  let payload: string | undefined;
  if (options.raw !== undefined) {
    payload = options.raw;
    headers['content-type'] = options.contentType ?? 'application/json';
  } else if ('body' in options) {
    payload = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const res = await appOf(target).inject({
    method,
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  let parsed: { code: number; msg: string; data: T };
  try {
    parsed = res.json();
  } catch {
    throw new Error(
      `${method} ${url} answered ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`,
    );
  }
  return {
    status: res.statusCode,
    code: parsed.code,
    msg: parsed.msg,
    data: parsed.data,
    headers: res.headers,
  };
}

export const get = <T = unknown>(
  t: Target,
  url: string,
  options: Omit<CallOptions, 'body' | 'raw'> = {},
) => call<T>(t, 'GET', url, options);

export const post = <T = unknown>(
  t: Target,
  url: string,
  body: unknown,
  options: Omit<CallOptions, 'body'> = {},
) => call<T>(t, 'POST', url, { ...options, body });

export interface TokenData {
  token: string;
  expiresAt: string;
}

export interface UserInfoData {
  username: string;
  realname: string;
  avatar: string;
  roles: string[];
  permissions: string[];
  info: {
    uid: number;
    orgid: number;
    isStreet: number;
    publicid: string;
    officeId: number;
    officeName: string;
    townid: number;
    unitKind: string;
    mobile: string;
  };
}

export interface ConfigEntryData {
  id: number;
  group: string;
  name: string;
  title: string;
  value: string;
  type: string;
  options: string[];
  isPublic: boolean;
  remark: string;
  sort: number;
}

export interface ConfigListData {
  lists: ConfigEntryData[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export const userInfo = (t: Target, token: string, lang: Lang = 'en') =>
  get<UserInfoData>(t, '/api/user/userInfo', { token, lang });

/** Plain password login; answers the whole reply (the harness' `login` throws on failure). */
export const passwordLogin = (
  t: Target,
  username: string,
  password: string,
  lang: Lang = 'en',
  remoteAddress?: string,
) =>
  post<TokenData>(
    t,
    '/api/login/password',
    { username, password },
    { lang, ...(remoteAddress ? { remoteAddress } : {}) },
  );

/** One config entry as the admin sees it. */
export async function configEntry(
  t: Target,
  adminToken: string,
  group: string,
  name: string,
): Promise<ConfigEntryData> {
  const reply = await post<ConfigListData>(
    t,
    '/api/getConfig',
    { group, pageSize: 1000 },
    { token: adminToken },
  );
  if (reply.code !== 200) throw new Error(`getConfig ${group} failed: ${reply.msg}`);
  const entry = reply.data.lists.find((e) => e.name === name);
  if (!entry) throw new Error(`no config entry ${group}.${name}`);
  return entry;
}

/** Sets a config value through the admin API (the real path, not the database). */
export async function setConfig(
  t: Target,
  adminToken: string,
  group: string,
  name: string,
  value: string,
): Promise<void> {
  const entry = await configEntry(t, adminToken, group, name);
  const reply = await post(t, '/api/config/save', { id: entry.id, value }, { token: adminToken });
  if (reply.code !== 200)
    throw new Error(`config/save ${group}.${name}=${value} failed: ${reply.msg}`);
}

export const MINUTE = 60_000;
export const SECOND = 1_000;

/** Demo mobiles (server/src/seed/demo-org.ts). */
export const MOBILE = {
  admin: '13800000000',
  dispatcher: '13800000001',
  street1: '13800000002',
  reviewer: '13800000003',
  visitor: '13800000004',
} as const;
