/** Texts of the caller history panel (key `callerHistory`); English in `en/caller-history.ts`. */
export const zh = {
  title: '来电历史',
  repeat: '重复来电',
  hint: '输入来电号码后显示该号码以前的工单',
  summary: '该号码共 {{total}} 单，近 30 天 {{recent}} 单',
  none: '该号码没有以前的工单',
};
