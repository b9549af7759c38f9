import { create } from 'zustand';

/** The in-page DOM event that carries order events (so /test/order-event can watch them). */
export const ORDER_EVENT = 'hotline:order-event';

/** Ask the console to show one order (the detail dialog host listens). */
export interface OpenOrderRequest {
  id: number;
  orderNum?: string;
  /** The queue (menu id) the order was opened from, for auto-jump to the next one. */
  menuId?: string;
  /** Ids of the list the order was opened from, in display order (auto-jump walks them). */
  siblings?: number[];
}

/**
 * Events about orders inside this page:
 * - `open`: show an order (from a list row, a notice, a search, a link);
 * - `changed`: an action on the order succeeded (lists and counts re-read);
 * - `closed`: the detail of the order was closed (its lock may be released).
 */
export type OrderEvent =
  | { type: 'open'; order: OpenOrderRequest }
  | { type: 'changed'; id: number; action: string; menuId?: string }
  | { type: 'closed'; id: number }
  | { type: 'test'; at: number };

export function emitOrderEvent(event: OrderEvent): void {
  window.dispatchEvent(new CustomEvent<OrderEvent>(ORDER_EVENT, { detail: event }));
}

/** Listens to order events; returns the function that stops listening. */
export function onOrderEvent(listener: (event: OrderEvent) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<OrderEvent>).detail);
  window.addEventListener(ORDER_EVENT, handler);
  return () => window.removeEventListener(ORDER_EVENT, handler);
}

export function openOrder(order: OpenOrderRequest): void {
  emitOrderEvent({ type: 'open', order });
}

/** What the rest of the console may know of the order shown in the detail right now. */
export interface CurrentOrder {
  id: number;
  orderNum: string;
  /** Caller's name and phone as this user may see them (masked when the user may not). */
  callerName: string;
  callerPhone: string;
  /** The detail data as the server returned it (handed to the call window). */
  data?: unknown;
}

interface CurrentOrderState {
  current: CurrentOrder | null;
  setCurrent: (order: CurrentOrder | null) => void;
}

/** The order open in the detail view (null when none); the call bar dials its caller. */
export const useCurrentOrder = create<CurrentOrderState>((set) => ({
  current: null,
  setCurrent: (current) => set({ current }),
}));
