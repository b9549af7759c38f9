import { describe, expect, it } from 'vitest';
import {
  emitOrderEvent,
  onOrderEvent,
  openOrder,
  useCurrentOrder,
  type OrderEvent,
} from '../src/lib/order-bus';

describe('order bus', () => {
  it('delivers events to listeners until they stop listening', () => {
    const seen: OrderEvent[] = [];
    const stop = onOrderEvent((e) => seen.push(e));
    openOrder({ id: 7, orderNum: 'QY2026110100007', menuId: 'qu_dqs', siblings: [7, 8] });
    emitOrderEvent({ type: 'changed', id: 7, action: 'sign' });
    stop();
    emitOrderEvent({ type: 'closed', id: 7 });
    expect(seen).toEqual([
      {
        type: 'open',
        order: { id: 7, orderNum: 'QY2026110100007', menuId: 'qu_dqs', siblings: [7, 8] },
      },
      { type: 'changed', id: 7, action: 'sign' },
    ]);
  });

  it('keeps the current order for the call bar', () => {
    useCurrentOrder
      .getState()
      .setCurrent({ id: 1, orderNum: 'A1', callerName: '张', callerPhone: '138****0001' });
    expect(useCurrentOrder.getState().current?.orderNum).toBe('A1');
    useCurrentOrder.getState().setCurrent(null);
    expect(useCurrentOrder.getState().current).toBeNull();
  });
});
