import * as contract from '@hotline/contract';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { changingParts, serializerCompiler } from '../../src/http/serialization';
import * as categoryTree from '../../src/modules/work-orders/trees/category-tree.routes';
import * as detail from '../../src/modules/work-orders/detail/detail.routes';
import * as orgTree from '../../src/modules/work-orders/trees/org-tree.routes';

/**
 * Replies are serialised with a forward parse of the response schema (faster than zod's
 * encode). That gives the encode's output only while no response schema transforms a value:
 * this walks every response schema of the contract.
 */
describe('response serialisation', () => {
  // the contract's, and the few a route file defines itself
  const all = { ...contract, ...categoryTree, ...detail, ...orgTree };
  const responses = Object.entries(all).filter(
    ([name, value]) => name.endsWith('Response') && value instanceof z.ZodType,
  ) as [string, z.ZodType][];

  it('no response schema transforms a value (forward parse equals encode)', () => {
    expect(responses.length).toBeGreaterThan(50);
    const changing = responses.flatMap(([name, schema]) =>
      changingParts(schema).map((part) => `${name}: ${part}`),
    );
    expect(changing).toEqual([]);
  });

  it('finds a transform or pipe wherever it sits', () => {
    const schema = z.object({
      list: z.array(z.object({ at: z.string().transform((s) => s.length) })),
      n: z.preprocess((v) => Number(v), z.number()).optional(),
    });
    // zod 4 makes both a pipe (the value's schema, then the function)
    expect(changingParts(schema)).toEqual(['$.list.at (pipe)', '$.n (pipe)']);
  });

  it('strips keys the schema does not name and refuses a reply that breaks it', () => {
    const serialize = serializerCompiler({
      schema: z.object({ code: z.number(), data: z.object({ id: z.number() }) }),
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    expect(serialize({ code: 200, data: { id: 1, passwordHash: 'x' } })).toBe(
      '{"code":200,"data":{"id":1}}',
    );
    expect(() => serialize({ code: 200, data: { id: 'one' } })).toThrow();
  });
});
