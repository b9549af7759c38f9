/**
 * The response-code table of spec section 8, plus the codes this system adds.
 * The body's `code` is authoritative; `httpStatusFor` says which HTTP status mirrors it.
 */
export const SUCCESS_CODES: readonly (number | string)[] = [200, 0, '200', '0', 20000, '20000'];

export interface CodeInfo {
  zh: string;
  en: string;
}

export const CODE_TABLE: Readonly<Record<number, CodeInfo>> = {
  0: {
    zh: '未知错误（可能是跨域或地址不存在）',
    en: 'unknown error (possibly cross-origin or missing address)',
  },
  200: { zh: '成功', en: 'success' },
  201: { zh: '已创建或已修改', en: 'created or changed' },
  202: { zh: '已进入队列', en: 'queued' },
  203: { zh: '会话已失效', en: 'session no longer valid' },
  205: { zh: '登录已过期', en: 'login expired' },
  206: { zh: '身份已过期', en: 'identity expired' },
  208: { zh: '账号已在别处登录', en: 'signed in elsewhere' },
  210: { zh: '账号已停用', en: 'account disabled' },
  211: { zh: '登录已过期', en: 'login expired' },
  212: { zh: '登录已过期', en: 'login expired' },
  213: { zh: '登录已过期', en: 'login expired' },
  217: { zh: '无可用权限', en: 'no permission assigned' },
  218: { zh: '无可用菜单', en: 'no menu assigned' },
  400: { zh: '请求参数错误', en: 'bad request' },
  401: {
    zh: '无权限（令牌无效或密码错误）',
    en: 'no permission (token invalid or wrong password)',
  },
  402: { zh: '令牌已过期', en: 'token expired' },
  403: { zh: '禁止访问', en: 'forbidden' },
  404: { zh: '资源不存在', en: 'not found' },
  406: { zh: '请求的格式不可用', en: 'format unavailable' },
  409: { zh: '操作冲突', en: 'conflict' },
  410: { zh: '资源已被永久删除', en: 'permanently deleted' },
  413: { zh: '请求内容过大', en: 'request too large' },
  423: { zh: '账号已锁定', en: 'account locked' },
  429: { zh: '请求过于频繁', en: 'too many requests' },
  500: { zh: '服务器错误', en: 'server error' },
  501: { zh: '本部署未启用该功能', en: 'not enabled in this deployment' },
  502: { zh: '网关错误', en: 'gateway error' },
  503: { zh: '服务不可用', en: 'service unavailable' },
  504: { zh: '网关超时', en: 'gateway timeout' },
  601: { zh: '无权限', en: 'no permission' },
};

export function isSuccessCode(code: unknown): boolean {
  return SUCCESS_CODES.includes(code as number | string);
}

/** HTTP status that mirrors a body code: standard success and error statuses only. */
export function httpStatusFor(code: number): number {
  if (code === 200 || code === 201 || code === 202) return code;
  if (code >= 400 && code <= 599) return code;
  return 200;
}

export function codeMessage(code: number, lang: Lang): string {
  const info = CODE_TABLE[code];
  if (!info) return lang === 'en' ? `error ${code}` : `错误 ${code}`;
  return info[lang];
}

export type Lang = 'zh' | 'en';

/**
 * Accept-Language → our two languages, by the header's own preferences (RFC 9110): of the
 * entries naming Chinese or English (or `*`, which is Chinese), the one with the highest
 * `q` wins, the first on a tie; `q=0` refuses a language. Chinese is the default.
 */
export function pickLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'zh';
  let best: { lang: Lang; q: number } | null = null;
  for (const entry of acceptLanguage.split(',')) {
    const [tag = '', ...params] = entry.split(';').map((p) => p.trim().toLowerCase());
    const lang: Lang | null =
      tag === '*' || tag === 'zh' || tag.startsWith('zh-')
        ? 'zh'
        : tag === 'en' || tag.startsWith('en-')
          ? 'en'
          : null;
    if (!lang) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang, q };
  }
  return best?.lang ?? 'zh';
}
