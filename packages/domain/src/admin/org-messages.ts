/** Server messages of the administration (org part), both languages. */
export const ADMIN_ORG_MESSAGES = {} as const;
