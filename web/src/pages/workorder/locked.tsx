import type { PageProps } from '../page-props';
import { MyLocks } from '../../features/order-list/components/MyLocks';
import { openOrder } from '../../lib/order-bus';
import { useListSync } from '../../features/order-list/hooks/use-list-sync';
import { usePageTitle } from '../page-title';

/** My locked orders: the user's locks, each with open and unlock. */
export default function LockedPage(props: PageProps) {
  usePageTitle(props);
  useListSync();
  return (
    <MyLocks
      onOpen={(lock, siblings) => openOrder({ id: lock.id, orderNum: lock.orderNum, siblings })}
    />
  );
}
