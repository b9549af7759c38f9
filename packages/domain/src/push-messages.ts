// Its own file, not push-deltas.ts: messages.ts imports it, and push-deltas.ts imports the
// lifecycle types, which import the message keys (that was an import circle).

/** Messages of the push channel's HTTP side (merged into MESSAGES). */
export const PUSH_MESSAGES = {
  'push.clientTaken': {
    zh: '该推送连接不是以您的登录会话打开的，不能绑定',
    en: 'this push connection was not opened with your session and cannot be bound',
  },
  'push.clientAnonymous': {
    zh: '该推送连接打开时未登录，不能绑定，请登录后重新连接',
    en: 'this push connection was opened without signing in and cannot be bound: reconnect signed in',
  },
  'push.clientUnknown': {
    zh: '推送连接 {clientId} 不存在或已断开，请重新连接',
    en: 'push connection {clientId} is unknown or closed: reconnect',
  },
} as const;
