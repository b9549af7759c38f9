/**
 * Texts of one console feature (key `push`), kept in their own file so features do not edit one
 * shared dictionary. The English texts are in `en/push.ts` (loaded only when the console is in
 * English) and must have exactly these keys (checked by the type).
 */
export const zh = {
  soundBlocked: '浏览器阻止了新工单提示音的自动播放',
  enableSound: '开启声音',
};
