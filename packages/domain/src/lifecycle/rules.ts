import { ORDER_TYPES } from '../work-order';
import type { ActionInputs } from './inputs';
import type { ActionName } from './names';
import * as role from './roles';
import type { Actor, LifecycleSettings, OrderState, Effect, Refusal } from './types';

/** What the transition table's rules share (table.ts, requests.ts). */
export interface Ctx {
  actor: Actor;
  now: Date;
  settings: LifecycleSettings;
}

export type Applied =
  { patch: Partial<OrderState>; comment?: string; effects?: Effect[] } | Refusal;

export interface ActionDef<A extends ActionName> {
  /** Role check; hosts are checked against the order's host unit. */
  who: (actor: Actor, order: OrderState) => boolean;
  when: (order: OrderState, now: Date) => boolean;
  /** Refusals that depend on the order and actor but not on the input (409). */
  guard?: (order: OrderState, actor: Actor, now: Date) => Refusal | null;
  apply: (order: OrderState, input: ActionInputs[A], ctx: Ctx) => Applied;
}

export const OPEN_STATUSES = [0, 1, 11, 12] as const;
export const isOpen = (o: Pick<OrderState, 'status' | 'mergedIntoId'>) =>
  (OPEN_STATUSES as readonly number[]).includes(o.status) && o.mergedIntoId === null;
export const blank = (text: string | undefined) => !text || text.trim() === '';
export const refuse = (key: Refusal['key'], params?: Refusal['params']): Refusal => ({
  code: 400,
  key,
  params,
});
export const conflict = (key: Refusal['key']): Refusal => ({ code: 409, key });
export const noPendingRequest = (o: OrderState) =>
  o.pendingRequest ? conflict('order.requestPending') : null;
export const district = (a: Actor) => role.isDispatcher(a) || role.isReviewer(a);
/** Sent by the city centre (city-dispatched, direct dispatch): only these can be refused. */
export const fromCity = (o: OrderState) =>
  o.typeId === ORDER_TYPES.cityDispatched || o.typeId === ORDER_TYPES.directDispatch;
export const hostWorking = (o: OrderState) =>
  o.status === 1 && (o.mainOrgStatus === 0 || o.mainOrgStatus === 1);
/** Who may edit an order: the district, or its host. */
export const editor = (a: Actor, o: OrderState) => role.isDispatcher(a) || role.isHostOf(a, o);
/** A host edits only while handling; the district may edit whenever the action applies. */
export const editorGuard = (o: OrderState, a: Actor) =>
  role.isDispatcher(a) || hostWorking(o) ? null : conflict('order.hostNotHandling');
/** An order that may still send the caller a text: open, or replied with the visit to come. */
export const textsMayFollow = (o: OrderState) =>
  isOpen(o) || (o.status === 91 && o.mergedIntoId === null);
