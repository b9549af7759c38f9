import type { zh } from '../../i18n/parts/orders';

/** Typed keys of the work-order texts, for keys built from data (column keys, type ids). */
export type ColKey = keyof typeof zh.col;
export type TypeKey = keyof typeof zh.type;

export const colText = (key: string) => `workOrders.col.${key as ColKey}` as const;
export const typeText = (id: number) => `workOrders.type.${`t${id}` as TypeKey}` as const;
