import { codeMessage, isSuccessCode } from '@hotline/domain';
import { getToken } from './storage';

/**
 * A small fetch wrapper for the `{code, msg, data}` API: bearer token, Accept-Language,
 * envelope unwrapping. A failed call throws a RequestError carrying the server's message.
 * (The full request layer — 402 refresh queue, session-expiry codes — comes later.)
 */

/** Spec section 9: request timeout. */
export const REQUEST_TIMEOUT_MS = 600_000;

export class RequestError extends Error {
  /** The envelope's `code`, else the HTTP status, 0 when no answer arrived. */
  readonly code: number;
  /** HTTP status of the answer, 0 when none arrived. */
  readonly status: number;
  readonly data: unknown;

  constructor(message: string, code: number, status: number, data: unknown = null) {
    super(message);
    this.name = 'RequestError';
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

export interface RequestConfig {
  /** Prefix of every path, e.g. `/api` or `http://127.0.0.1:8080/api`. */
  baseUrl: string;
  getToken: () => string | null;
  /** Current UI language, sent as Accept-Language so the server localises `msg`. */
  getLanguage: () => string;
  timeoutMs?: number;
}

export type Request = <T>(path: string, options?: RequestOptions) => Promise<T>;

interface Envelope {
  code: unknown;
  msg?: unknown;
  data?: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'code' in value;
}

function lang(language: string): 'zh' | 'en' {
  return language.toLowerCase().startsWith('en') ? 'en' : 'zh';
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  let url = baseUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  if (search) url += (url.includes('?') ? '&' : '?') + search;
  return url;
}

export function createRequest(config: RequestConfig): Request {
  return async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const language = config.getLanguage();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': language,
    };
    const token = config.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    let response: Response;
    try {
      response = await fetch(buildUrl(config.baseUrl, path, options.query), {
        method,
        headers,
        body,
        signal: options.signal ?? AbortSignal.timeout(config.timeoutMs ?? REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new RequestError(codeMessage(0, lang(language)), 0, 0);
    }

    let payload: unknown = null;
    try {
      payload = await response.json();
    } catch {
      // not JSON: reported below from the HTTP status
    }
    if (!isEnvelope(payload)) {
      const code = response.ok ? 500 : response.status;
      throw new RequestError(codeMessage(code, lang(language)), code, response.status);
    }
    if (isSuccessCode(payload.code)) return payload.data as T;

    const code = Number(payload.code) || response.status;
    const message =
      typeof payload.msg === 'string' && payload.msg !== ''
        ? payload.msg
        : codeMessage(code, lang(language));
    throw new RequestError(message, code, response.status, payload.data ?? null);
  };
}

/** Language of the UI; set by the i18n module so this file stays free of React. */
let currentLanguage = 'zh-CN';
export function setRequestLanguage(language: string): void {
  currentLanguage = language;
}

/** The console's request function: `/api` on the same origin, token from local storage. */
export const request: Request = createRequest({
  baseUrl: '/api',
  getToken,
  getLanguage: () => currentLanguage,
});
