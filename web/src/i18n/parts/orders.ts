/**
 * Texts of one console feature (key `workOrders`), kept in their own file so features do not edit
 * one shared dictionary. `en` must have exactly the keys of `zh` (checked by the type).
 */
export const zh = {};

export const en: typeof zh = {};
