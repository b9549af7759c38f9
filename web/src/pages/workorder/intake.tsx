import { useQuery } from '@tanstack/react-query';
import { hasRule, RULES } from '@hotline/domain';
import type { PageProps } from '../page-props';
import { userInfoQuery } from '../../features/auth/api';
import { IntakeForm } from '../../features/intake/components/IntakeForm';
import { emitOrderEvent, openOrder } from '../../lib/order-bus';
import { usePageTitle } from '../page-title';

/** The self-built order form (call-centre agents and dispatchers). */
export default function IntakePage(props: PageProps) {
  usePageTitle(props);
  const user = useQuery(userInfoQuery).data;
  if (!user) return null;
  const admin = user.roles.includes('admin');
  const has = (rule: string) => admin || hasRule(user.permissions, rule);
  return (
    <IntakeForm
      canDirectDispatch={has(RULES.districtQuery) && has(RULES.case)}
      onCreated={(reply) =>
        // lists and counts re-read (a new order enters the pending queues)
        emitOrderEvent({ type: 'changed', id: reply.order.id, action: 'intake' })
      }
      onOpen={(o) => openOrder({ id: o.id, orderNum: o.orderNum })}
    />
  );
}
