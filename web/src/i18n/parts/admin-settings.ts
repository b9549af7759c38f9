/**
 * Texts of one console feature (key `adminSettings`), kept in their own file so features do not edit one
 * shared dictionary. The English texts are in `en/admin-settings.ts` (loaded only when the console is in
 * English) and must have exactly these keys (checked by the type).
 */
export const zh = {
  title: '',
};
