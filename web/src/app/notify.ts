import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts from outside React (route guard, request layer). The app's message instance is
 * plugged in once the antd App has mounted.
 */
let instance: MessageInstance | null = null;
/** Messages raised before the app mounted (the guard runs first) wait for the instance. */
let pending: ((message: MessageInstance) => void)[] = [];

export function setMessageInstance(message: MessageInstance): void {
  instance = message;
  const waiting = pending;
  pending = [];
  for (const show of waiting) show(message);
}

function show(action: (message: MessageInstance) => void): void {
  if (instance) action(instance);
  else pending.push(action);
}

/** Spec section 9: messages last 3000 ms. */
export const MESSAGE_SECONDS = 3;

/**
 * Each text is its own message key: the same text raised again while shown (two requests
 * refused alike, the guard and a request) replaces it instead of stacking a copy.
 */
export const notify = {
  error: (text: string) =>
    show((m) => void m.error({ content: text, key: `error:${text}`, duration: MESSAGE_SECONDS })),
  success: (text: string) =>
    show(
      (m) => void m.success({ content: text, key: `success:${text}`, duration: MESSAGE_SECONDS }),
    ),
  info: (text: string, seconds = MESSAGE_SECONDS) =>
    show((m) => void m.info({ content: text, key: `info:${text}`, duration: seconds })),
};
