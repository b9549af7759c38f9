/** Server messages of the administration (settings part), both languages. */
export const ADMIN_SETTINGS_MESSAGES = {} as const;
