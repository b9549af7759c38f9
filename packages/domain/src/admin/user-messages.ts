/** Server messages of the administration (user part), both languages. */
export const ADMIN_USER_MESSAGES = {} as const;
