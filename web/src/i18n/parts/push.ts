/**
 * Texts of one console feature (key `push`), kept in their own file so features do not edit
 * one shared dictionary. `en` must have exactly the keys of `zh` (checked by the type).
 */
export const zh = {
  soundBlocked: '浏览器阻止了新工单提示音的自动播放',
  enableSound: '开启声音',
};

export const en: typeof zh = {
  soundBlocked: 'The browser blocked the new-order alert sound',
  enableSound: 'Enable sound',
};
