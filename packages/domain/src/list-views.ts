/**
 * Saved list views (我的查询): a user keeps filters of a list under names of its own, to apply
 * them again with one click. The view is the list's URL query (the console's filter), so it
 * holds only what a link to the list holds.
 */

/** Views a user keeps per list. */
export const LIST_VIEW_MAX = 20;
/** Characters of a view's name. */
export const LIST_VIEW_NAME_MAX = 30;

export const LIST_VIEW_MESSAGES = {
  'views.tooMany': {
    zh: '每个列表最多保存 {max} 个查询，请先删除不用的',
    en: 'at most {max} saved views per list: delete unused ones first',
  },
  'views.notFound': { zh: '没有名为“{name}”的查询', en: 'no saved view named "{name}"' },
} as const;
