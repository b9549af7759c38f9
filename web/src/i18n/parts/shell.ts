/**
 * Texts of the shell's phone and accessibility parts (key `shell`): the header's fold-out tool
 * menu, the tab bar's list of open pages, the loading bar. English in `en/shell.ts`.
 */
export const zh = {
  moreTools: '更多工具',
  openPages: '打开的页面',
  loading: '页面加载中',
  skipToContent: '跳到正文',
};
