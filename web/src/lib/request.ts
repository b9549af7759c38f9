import { type EndpointData, type EndpointInput, type miscEndpoints } from '@hotline/contract';
import { authEndpoints } from '@hotline/contract/client';
import { codeMessage, isSuccessCode } from '@hotline/domain';
import {
  ERROR_LOG_PATH,
  errorAction,
  isErrorLogPath,
  unauthorizedAction,
  isSilentFailure,
  showsLoadingMask,
} from './error-actions';
import { getToken, setToken } from './storage';

/**
 * The console's one request module for the `{code, msg, data}` API (spec sections 7–9):
 * bearer token, Accept-Language, JSON or form bodies, a loading mask for doEdit/confirm URLs,
 * envelope unwrapping, the error-code actions, a single token refresh on 402 with the other
 * requests waiting for it, error toasts and one-at-a-time error reports. It knows nothing of
 * React: the app plugs in the UI through `RequestHooks`.
 */

/** Spec section 9: request timeout. */
export const REQUEST_TIMEOUT_MS = 600_000;
export const REFRESH_PATH = authEndpoints.refreshToken.paths[0];
const FORM_TYPE = 'application/x-www-form-urlencoded';

export class RequestError extends Error {
  /** The envelope's `code`, else the HTTP status, 0 when no answer arrived. */
  readonly code: number;
  /** HTTP status of the answer, 0 when none arrived. */
  readonly status: number;
  readonly data: unknown;
  /** True once the user has been told (toast, redirect): callers need not say it again. */
  notified = false;
  /**
   * A 403 because the user must first change a one-time password (the server marks it with
   * the `x-password-change-required` header): the console opens its change-password page.
   */
  passwordChangeRequired = false;

  constructor(message: string, code: number, status: number, data: unknown = null) {
    super(message);
    this.name = 'RequestError';
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

export type Body = Record<string, unknown> | unknown[];

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Sent as JSON, or form-encoded when `contentType` is a form type. */
  body?: Body;
  contentType?: string;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Reject without a toast or report (the caller shows its own message). */
  noError?: boolean;
  /** `Idempotency-Key`: the server does a request sent again with it only once. */
  idempotencyKey?: string;
}

/**
 * The header the server sets on its 403 `password.changeRequired` reply (server/src/http/access.ts;
 * written twice so this module does not load the contract's schemas).
 */
export const PASSWORD_CHANGE_HEADER = 'x-password-change-required';

/** Texts the layer produces itself; the app supplies them from its i18n resources. */
export type RequestText = 'timeout' | 'network' | 'badReply' | 'loginExpired';

export interface RequestHooks {
  /** An error toast (3000 ms). */
  toast: (message: string) => void;
  /** Shows the loading mask; returns the function that hides it. */
  loading: () => () => void;
  /** 205/206/208/211/212/213: clear storage, reset the user, go to /, say "login expired". */
  sessionExpired: (message: string) => void;
  /** 217/218: reset the user, go to /nopaml. */
  noPermission: () => void;
  /** The 402 refresh failed: reset the user and go to login. */
  refreshFailed: (message: string) => void;
  /** A 401 for the session a request carried: it has ended; reset the user and go to login. */
  sessionEnded?: (message: string) => void;
  /** 403 with the password-change header: open the change-password page (no toast). */
  passwordChangeRequired?: () => void;
  /** Where the error happened, for the error log: the user's unit and the page URL. */
  errorContext: () => { town: string; html_url: string };
  /** False while the site's error log is switched off (`is_error_log` 0): nothing is sent. */
  reportErrors?: () => boolean;
}

export interface RequestConfig {
  /** Prefix of every path, e.g. `/api` or `http://127.0.0.1:8080/api`. */
  baseUrl: string;
  getToken: () => string | null;
  setToken?: (token: string) => void;
  /** Current UI language, sent as Accept-Language so the server localises `msg`. */
  getLanguage: () => string;
  timeoutMs?: number;
  hooks?: Partial<RequestHooks>;
  text?: (key: RequestText, language: string) => string;
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

const FALLBACK_TEXT: Record<RequestText, { zh: string; en: string }> = {
  timeout: { zh: '请求超时，请稍后重试', en: 'the request timed out, please try again' },
  network: {
    zh: '无法连接服务器，请检查网络',
    en: 'cannot reach the server, check the network',
  },
  badReply: { zh: '服务器返回的数据格式错误', en: 'the server answered in an unexpected format' },
  loginExpired: { zh: '登录已过期，请重新登录', en: 'login expired, please log in again' },
};

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

/** Form encoding: arrays as comma-separated lists (the server's id lists), objects as JSON. */
export function formEncode(body: Body): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) params.append(key, value.join(','));
    else if (typeof value === 'object') params.append(key, JSON.stringify(value));
    else params.append(key, String(value));
  }
  return params.toString();
}

/** A body's `noError` marker is honoured and not sent. */
function splitNoError(body: Body | undefined): { body: Body | undefined; marker: boolean } {
  if (!body || Array.isArray(body) || !('noError' in body)) return { body, marker: false };
  const { noError, ...rest } = body;
  return { body: rest, marker: Boolean(noError) };
}

export function createRequest(config: RequestConfig): Request {
  const hooks = config.hooks ?? {};
  const text = (key: RequestText, language: string) =>
    config.text?.(key, language) ?? FALLBACK_TEXT[key][lang(language)];
  let refreshing: Promise<string> | null = null;
  /** The token whose refresh failed: later 402s for it fail at once instead of retrying. */
  let failedToken: string | null | undefined;
  let reporting = false;

  /** One HTTP exchange. Resolves with the data or rejects with a RequestError. */
  async function send<T>(path: string, options: RequestOptions, token: string | null) {
    const language = config.getLanguage();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': language,
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    let body: string | undefined;
    if (options.body !== undefined) {
      const form = options.contentType?.includes(FORM_TYPE) ?? false;
      headers['Content-Type'] = form ? FORM_TYPE : 'application/json';
      body = form ? formEncode(options.body) : JSON.stringify(options.body);
    }
    const timeout = AbortSignal.timeout(config.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

    let response: Response;
    try {
      response = await fetch(buildUrl(config.baseUrl, path, options.query), {
        method,
        headers,
        body,
        signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const key = timeout.aborted ? 'timeout' : 'network';
      throw new RequestError(text(key, language), 0, 0);
    }

    let payload: unknown = null;
    try {
      payload = await response.json();
    } catch (error) {
      // Cancelled while the body arrived (a newer search replaced it): not a bad reply.
      if (options.signal?.aborted) throw error;
      // not JSON: reported below from the HTTP status
    }
    if (!isEnvelope(payload)) {
      if (response.ok) throw new RequestError(text('badReply', language), 500, response.status);
      throw new RequestError(
        codeMessage(response.status, lang(language)),
        response.status,
        response.status,
      );
    }
    if (isSuccessCode(payload.code)) return payload.data as T;
    const code = Number(payload.code) || response.status;
    const message =
      typeof payload.msg === 'string' && payload.msg !== ''
        ? payload.msg
        : codeMessage(code, lang(language));
    const error = new RequestError(message, code, response.status, payload.data ?? null);
    error.passwordChangeRequired =
      code === 403 && response.headers.get(PASSWORD_CHANGE_HEADER) === '1';
    throw error;
  }

  /**
   * One refresh at a time: requests that meet 402 while it runs wait for it. A failure rejects
   * every waiting request and sends the user to login once.
   */
  function refreshToken(expired: string | null): Promise<string> {
    if (failedToken !== undefined && failedToken === expired) {
      const failure = new RequestError(text('loginExpired', config.getLanguage()), 401, 401);
      failure.notified = true;
      return Promise.reject(failure);
    }
    refreshing ??= (async () => {
      try {
        type Reply = EndpointData<typeof authEndpoints.refreshToken>;
        const data = await send<Reply | null>(REFRESH_PATH, {}, expired);
        // Checked, not trusted: a reply without a token is a failed refresh.
        const token: unknown = data?.token;
        if (typeof token !== 'string' || token === '') {
          throw new RequestError(text('badReply', config.getLanguage()), 500, 200);
        }
        config.setToken?.(token);
        return token;
      } catch (error) {
        const failure =
          error instanceof RequestError ? error : new RequestError(String(error), 0, 0);
        failedToken = expired;
        hooks.refreshFailed?.(text('loginExpired', config.getLanguage()));
        failure.notified = true;
        throw failure;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  /** Sends a client error report; never more than one at a time, never reported itself. */
  function report(error: RequestError, path: string): void {
    if (reporting || isErrorLogPath(path) || hooks.reportErrors?.() === false) return;
    reporting = true;
    const context = hooks.errorContext?.() ?? { town: '', html_url: '' };
    const body: EndpointInput<typeof miscEndpoints.errorReport> = {
      ...context,
      java_url: buildUrl(config.baseUrl, path, undefined),
      code: String(error.code),
      msg: error.message.slice(0, 4000),
    };
    send(ERROR_LOG_PATH, { body }, config.getToken())
      .catch(() => undefined)
      .finally(() => {
        reporting = false;
      });
  }

  return async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const { body, marker } = splitNoError(options.body);
    const opts: RequestOptions = { ...options, body };
    const noError = options.noError === true || marker;
    const hideLoading = showsLoadingMask(path) ? hooks.loading?.() : undefined;
    const token = config.getToken();
    try {
      try {
        return await send<T>(path, opts, token);
      } catch (error) {
        if (!(error instanceof RequestError) || errorAction(error.code) !== 'refresh') throw error;
        if (path === REFRESH_PATH) throw error;
        // Another request may have refreshed already: then retry with its token.
        const current = config.getToken();
        const fresh = current && current !== token ? current : await refreshToken(token);
        return await send<T>(path, opts, fresh);
      }
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      if (error.notified) throw error;
      const action = errorAction(error.code);
      const unauthorized = unauthorizedAction(path, Boolean(token));
      if (error.passwordChangeRequired) {
        hooks.passwordChangeRequired?.();
        error.notified = true;
      } else if (action === 'sessionExpired') {
        hooks.sessionExpired?.(text('loginExpired', config.getLanguage()));
        error.notified = true;
      } else if (action === 'noPermission') {
        hooks.noPermission?.();
        error.notified = true;
      } else if (error.code === 401 && !noError && unauthorized !== 'toast') {
        // (a noError caller, such as the push channel's session check, decides for itself)
        if (unauthorized === 'sessionEnded') hooks.sessionEnded?.(error.message);
        error.notified = true;
      } else if (!isSilentFailure(error.code, path, noError)) {
        hooks.toast?.(error.message);
        error.notified = true;
        report(error, path);
      }
      throw error;
    } finally {
      hideLoading?.();
    }
  };
}

/** Language of the UI; set by the i18n module so this file stays free of React. */
let currentLanguage = 'zh-CN';
export function setRequestLanguage(language: string): void {
  currentLanguage = language;
}

const appHooks: Partial<RequestHooks> = {};
let appText: RequestConfig['text'];

/** The app plugs its UI (toasts, navigation, texts) into the console's request function. */
export function configureRequest(hooks: Partial<RequestHooks>, text?: RequestConfig['text']) {
  Object.assign(appHooks, hooks);
  appText = text;
}

/** The console's request function: `/api` on the same origin, token from local storage. */
export const request: Request = createRequest({
  baseUrl: '/api',
  getToken,
  setToken,
  getLanguage: () => currentLanguage,
  hooks: {
    toast: (message) => appHooks.toast?.(message),
    loading: () => appHooks.loading?.() ?? (() => undefined),
    sessionExpired: (message) => appHooks.sessionExpired?.(message),
    noPermission: () => appHooks.noPermission?.(),
    refreshFailed: (message) => appHooks.refreshFailed?.(message),
    sessionEnded: (message) => appHooks.sessionEnded?.(message),
    passwordChangeRequired: () => appHooks.passwordChangeRequired?.(),
    errorContext: () => appHooks.errorContext?.() ?? { town: '', html_url: '' },
  },
  text: (key, language) => appText?.(key, language) ?? FALLBACK_TEXT[key][lang(language)],
});

/**
 * The session ended elsewhere (the push channel was closed for it and the server confirmed):
 * the same way out as an expired login, with the server's reason (e.g. "账号已停用").
 */
export function sessionEnded(message: string): void {
  appHooks.sessionExpired?.(message);
}
