/**
 * The schema of every setting the console edits (group.name → zod schema of its text value),
 * used by the server to validate a save and by the console's typed forms. Filled in by the
 * settings work of issue 17.
 */
export const SETTING_SCHEMAS = {};
