import { describe, expect, it } from 'vitest';
import { UNIT_KINDS } from '../src/org';
import { QUEUES, queueById, scopeForUnit, type QueueScope } from '../src/queues';

const SCOPES: QueueScope[] = ['district', 'street', 'department', 'callback', 'intake'];

describe('QUEUES', () => {
  it('has unique ids', () => {
    const ids = QUEUES.map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(SCOPES)('scope %s has queues', (scope) => {
    expect(QUEUES.filter((q) => q.scope === scope).length).toBeGreaterThan(0);
  });

  it('prefixes ids by scope: qu_ district, jd_ street, bm_ department, hf_ call-back, lr_ intake', () => {
    const prefix: Record<QueueScope, string> = {
      district: 'qu_',
      street: 'jd_',
      department: 'bm_',
      callback: 'hf_',
      intake: 'lr_',
    };
    for (const q of QUEUES) expect(q.id.startsWith(prefix[q.scope]), q.id).toBe(true);
  });

  it('has the district queues the spec names (section 2, menu ids)', () => {
    const district = QUEUES.filter((q) => q.scope === 'district').map((q) => q.en);
    for (const name of [
      'Pending sign',
      'In process',
      'Under review',
      'Pending return visit',
      'Overdue warning',
      'Returned',
      'Completed',
      'Key appeals',
      'Pending dispatch',
      'Pending pickup',
    ]) {
      expect(district).toContain(name);
    }
  });

  it('gives street and department the same queue set', () => {
    const suffixes = (scope: QueueScope) =>
      QUEUES.filter((q) => q.scope === scope).map((q) => q.id.slice(3));
    expect(suffixes('street')).toEqual(suffixes('department'));
  });

  it('every queue has names in both languages; notices too', () => {
    for (const q of QUEUES) {
      expect(q.zh.trim(), q.id).not.toBe('');
      expect(q.en.trim(), q.id).not.toBe('');
      if (q.notice) {
        expect(q.notice.zh.trim(), q.id).not.toBe('');
        expect(q.notice.en.trim(), q.id).not.toBe('');
      }
    }
  });

  it('queueById finds a queue or answers undefined', () => {
    expect(queueById('qu_dqs')?.scope).toBe('district');
    expect(queueById('jd_blz')?.scope).toBe('street');
    expect(queueById('bm_ybj')?.scope).toBe('department');
    expect(queueById('hf_dhf')?.scope).toBe('callback');
    expect(queueById('lr_wlr')?.scope).toBe('intake');
    expect(queueById('nope')).toBeUndefined();
  });
});

describe('scopeForUnit', () => {
  it.each([
    ['city', 'district'],
    ['district', 'district'],
    ['street', 'street'],
    ['town', 'street'],
    ['community', 'street'],
    ['village', 'street'],
    ['department', 'department'],
  ] as const)('%s works in %s queues', (kind, scope) => {
    expect(scopeForUnit(kind)).toBe(scope);
  });

  it('covers every unit kind, and every scope it returns has queues', () => {
    for (const kind of UNIT_KINDS) {
      const scope = scopeForUnit(kind);
      expect(scope, kind).not.toBeNull();
      expect(QUEUES.some((q) => q.scope === scope)).toBe(true);
    }
  });
});
