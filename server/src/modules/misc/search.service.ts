import { ORDER_NUMBER_TYPED } from '@hotline/contract';
import { translate, type Lang } from '@hotline/domain';
import type { AppContext } from '../../context';
import type { AuthContext } from '../auth/auth-context';
import { findReadableOrder } from '../work-orders/order-access';
import { orderByNumber } from '../work-orders/order-state';

export interface Suggestion {
  title: string;
  url: string;
}

/**
 * The header search's suggestions: an order whose order or case number was typed, when the
 * caller may read it (its detail opens directly), then the configured links (`search_links`)
 * whose title or keywords hold the text.
 */
export async function searchSuggestions(
  ctx: AppContext,
  auth: AuthContext,
  keyword: string,
  lang: Lang,
): Promise<Suggestion[]> {
  const out: Suggestion[] = [];
  if (ORDER_NUMBER_TYPED.test(keyword)) {
    const order = await orderByNumber(ctx.db, keyword);
    if (order && (await findReadableOrder(ctx.db, auth, order.id))) {
      out.push({
        title: translate('search.order', lang, { num: order.orderNum, title: order.title }),
        url: `#/jsjb/order/${order.id}`,
      });
    }
  }
  let query = ctx.db
    .selectFrom('search_links')
    .select(['title', 'url'])
    .orderBy('sort')
    .orderBy('id')
    .limit(20);
  if (keyword !== '') {
    const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb('title', 'ilike', pattern), eb('keywords', 'ilike', pattern)]),
    );
  }
  return [...out, ...(await query.execute())];
}
