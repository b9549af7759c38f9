// Its own file, not push-deltas.ts: messages.ts imports it, and push-deltas.ts imports the
// lifecycle types, which import the message keys (that was an import circle).

/** Messages of the push channel's HTTP side (merged into MESSAGES). */
export const PUSH_MESSAGES = {
  'push.clientTaken': {
    zh: '该推送连接属于其他用户，不能绑定',
    en: 'this push connection belongs to another user and cannot be bound',
  },
  'push.clientUnknown': {
    zh: '推送连接 {clientId} 不存在或已断开，请重新连接',
    en: 'push connection {clientId} is unknown or closed: reconnect',
  },
} as const;
