import { can, type Acl } from './permission';

/**
 * Common phrases (常用语): texts a user inserts into the long text fields of the actions
 * (reply, review, visit, reasons). A phrase belongs to one user ('user') or is shared by one
 * unit ('unit'); everyone reads their own and their unit's shared ones.
 */

export const PHRASE_SCOPES = ['user', 'unit'] as const;
export type PhraseScope = (typeof PHRASE_SCOPES)[number];

/**
 * Where a phrase is offered: the reply's texts (答复/办理结果), review opinions (审核意见), the
 * visit's texts (回访), reasons of requests (退回/延期/申请理由); 'any' is offered everywhere.
 */
export const PHRASE_CATEGORIES = ['any', 'reply', 'review', 'visit', 'reason'] as const;
export type PhraseCategory = (typeof PHRASE_CATEGORIES)[number];

export const PHRASE_TEXT_MAX = 500;
/** Phrases one user, or one unit, may keep. */
export const PHRASES_PER_OWNER_MAX = 200;

/** Grants managing the shared phrases of the holder's own unit (custom roles, extra rules). */
export const PHRASES_UNIT_RULE = '/jsjb/phrases/unit';

/** Administrators and holders of PHRASES_UNIT_RULE manage their own unit's shared phrases. */
export function canManageUnitPhrases(acl: Acl): boolean {
  return can(acl, [PHRASES_UNIT_RULE]);
}

/** The phrases offered for a field of `category`: that category's and the 'any' ones. */
export function phraseOffered(phrase: PhraseCategory, field: PhraseCategory): boolean {
  return field === 'any' || phrase === 'any' || phrase === field;
}

export const PHRASE_MESSAGES = {
  'phrase.textEmpty': { zh: '请填写常用语内容', en: 'the phrase cannot be empty' },
  'phrase.textTooLong': {
    zh: `常用语不能超过 ${PHRASE_TEXT_MAX} 个字符`,
    en: `a phrase has at most ${PHRASE_TEXT_MAX} characters`,
  },
  'phrase.category': {
    zh: '分类只能是：通用、答复、审核、回访、理由',
    en: 'the category must be one of: any, reply, review, visit, reason',
  },
  'phrase.scope': {
    zh: '范围只能是：个人（user）或本单位共享（unit）',
    en: "the scope must be 'user' (yours) or 'unit' (shared by your unit)",
  },
  'phrase.notFound': { zh: '没有这条常用语', en: 'no such phrase' },
  'phrase.unitForbidden': {
    zh: '只有管理员或有“单位常用语管理”权限的用户可以维护本单位共享的常用语',
    en: "only administrators and holders of the 'unit phrases' permission manage the unit's shared phrases",
  },
  'phrase.tooMany': {
    zh: '常用语已达上限 {max} 条，请先删除不用的',
    en: 'the limit of {max} phrases is reached: delete unused ones first',
  },
} as const;
