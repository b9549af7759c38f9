import type { OrderSummary } from '@hotline/contract';
import { formatTime } from './components/cells';

/**
 * What a card of the phone list shows under the title (components/OrderCards.tsx): the unit
 * handling the order, where the problem is, and when the citizen called — each named, and left
 * out when empty. Street handlers work from these (where to go, since when); the deadline and
 * the tags have their own line.
 */
export const CARD_META = ['organizerName', 'address', 'callTime'] as const;
export type CardMetaKey = (typeof CARD_META)[number];

export interface CardMeta {
  key: CardMetaKey;
  text: string;
}

export function cardMeta(
  order: Pick<OrderSummary, 'organizerName' | 'address' | 'callTime'>,
): CardMeta[] {
  const text: Record<CardMetaKey, string> = {
    organizerName: order.organizerName,
    address: order.address,
    callTime: formatTime(order.callTime),
  };
  return CARD_META.flatMap((key) => (text[key].trim() ? [{ key, text: text[key] }] : []));
}

/** The list's view on a phone: cards (the default) or the table with the user's columns. */
export const LIST_VIEWS = ['cards', 'table'] as const;
export type ListView = (typeof LIST_VIEWS)[number];

export function parseListView(value: unknown): ListView {
  return value === 'table' ? 'table' : 'cards';
}
