import type { z } from 'zod';

/**
 * Values derived from a zod schema for the derived bad-input test (bad-input-derived.test.ts):
 * a valid body built from the schema itself, and for each field the values its type refuses
 * under any reasonable coercion and the values no field may take because the database cannot.
 */

interface SchemaDef {
  type: string;
  coerce?: boolean;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  shape?: Record<string, z.ZodType>;
  getter?: () => z.ZodType;
}
const defOf = (s: z.ZodType) => (s as unknown as { def: SchemaDef }).def;

const WRAPPERS = new Set([
  'optional',
  'default',
  'prefault',
  'nullable',
  'readonly',
  'nonoptional',
]);

/** The schema that judges a value: through wrappers, preprocessing and lazy references. */
function core(s: z.ZodType): z.ZodType {
  for (;;) {
    const d = defOf(s);
    if (WRAPPERS.has(d.type) && d.innerType) s = d.innerType;
    else if (d.type === 'pipe' && d.in && d.out)
      s = defOf(d.in).type === 'transform' ? d.out : d.in;
    else if (d.type === 'lazy' && d.getter) s = d.getter();
    else return s;
  }
}

/** Whether a field may be left out: an optional or defaulted field, at any wrapping depth. */
export function mayBeAbsent(s: z.ZodType): boolean {
  const d = defOf(s);
  if (['optional', 'default', 'prefault', 'catch'].includes(d.type)) return true;
  if (d.innerType && WRAPPERS.has(d.type)) return mayBeAbsent(d.innerType);
  if (d.type === 'pipe' && d.in && d.out)
    return mayBeAbsent(defOf(d.in).type === 'transform' ? d.out : d.in);
  if (d.type === 'union') return (d.options ?? []).some(mayBeAbsent);
  return ['unknown', 'any', 'undefined', 'void'].includes(d.type);
}

/** The top-level fields of a body schema (an object, or an intersection of objects). */
export function fieldsOf(body: z.ZodType): Record<string, z.ZodType> {
  const s = core(body);
  const d = defOf(s);
  if (d.type === 'object') return d.shape ?? {};
  if (d.type === 'intersection' && d.left && d.right)
    return { ...fieldsOf(d.left), ...fieldsOf(d.right) };
  return {};
}

/** Values no coercion turns into the types below; each refuses the kinds it lists. */
const NESTED = { bad: { x: 1 } };
const WORD = 'no-such-value';
type Kind = 'nested' | 'word' | 'number';
const SAMPLE: Record<Kind, unknown> = { nested: NESTED, word: WORD, number: 42 };

function refusedKinds(field: z.ZodType): Set<Kind> {
  const d = defOf(core(field));
  switch (d.type) {
    case 'string':
    case 'array':
      // A list may arrive as a comma-separated string: only the nested object is surely wrong.
      return new Set(d.coerce ? [] : ['nested']);
    case 'number':
    case 'int':
    case 'bigint':
      return new Set(['nested', 'word']);
    case 'boolean':
      return new Set(d.coerce ? [] : ['nested', 'word']);
    case 'enum':
      return new Set(Object.values(d.entries ?? {}).includes(WORD) ? [] : ['nested', 'word']);
    case 'literal':
      return new Set((d.values ?? []).includes(WORD) ? [] : ['nested', 'word']);
    case 'object':
    case 'record':
      return new Set(['word', 'number']);
    case 'union': {
      // Refused by the union only when every option refuses it.
      const sets = (d.options ?? []).map(refusedKinds);
      return new Set(
        (['nested', 'word', 'number'] as const).filter((k) => sets.every((s) => s.has(k))),
      );
    }
    case 'intersection':
      return new Set([...refusedKinds(d.left!), ...refusedKinds(d.right!)]);
    default:
      // unknown, any, custom, catch …: nothing is surely refused.
      return new Set();
  }
}

export interface BadValue {
  label: string;
  value: unknown;
}

/** A number past the schema's own bounds, when it declares any. */
function outOfRange(s: z.ZodType): BadValue[] {
  const { minValue, maxValue } = s as unknown as {
    minValue: number | null;
    maxValue: number | null;
  };
  if (typeof maxValue === 'number' && Number.isFinite(maxValue))
    return [{ label: `${maxValue + 1} (past the maximum)`, value: maxValue + 1 }];
  if (typeof minValue === 'number' && Number.isFinite(minValue))
    return [{ label: `${minValue - 1} (below the minimum)`, value: minValue - 1 }];
  return [];
}

/**
 * One or two values the field's type refuses: a value of a refused kind, then one specific to
 * the type (text past its maximum length, a number past its bounds, a list with a bad element).
 */
export function badValues(field: z.ZodType): BadValue[] {
  const s = core(field);
  const d = defOf(s);
  const kinds: BadValue[] = [...refusedKinds(field)].map((k) => ({
    label: k === 'nested' ? 'a nested object' : k === 'word' ? `'${WORD}'` : 'the number 42',
    value: SAMPLE[k],
  }));
  const specific: BadValue[] = [];
  const max = (s as { maxLength?: number | null }).maxLength;
  if (d.type === 'string' && !d.coerce && typeof max === 'number' && max < 50_000)
    specific.push({ label: `${max + 1} characters`, value: 'x'.repeat(max + 1) });
  if (d.type === 'number' && !d.coerce) specific.push(...outOfRange(s));
  if (d.type === 'array' && d.element) {
    const [element] = badValues(d.element);
    if (element)
      specific.push({ label: `a list holding ${element.label}`, value: [element.value] });
  }
  // Numbers: the word (not the nested object) exercises the digits-to-number preprocessing.
  const first = d.type === 'number' ? kinds.filter((k) => k.value === WORD) : kinds;
  const ordered = [...first.slice(0, 1), ...specific, ...kinds];
  return ordered.filter((v, i) => ordered.findIndex((w) => w.label === v.label) === i).slice(0, 2);
}

/** The first integer PostgreSQL's `integer` cannot hold. */
const PAST_INT4 = 2 ** 31;

/**
 * Values every field of a kind must refuse whatever its declared bounds, because the database
 * cannot take them: text with a NUL or an unpaired surrogate (in a list of text too), and an
 * integer past `integer`'s range (every integer the API takes is stored or compared as one).
 */
export function unstorableValues(field: z.ZodType): BadValue[] {
  const d = defOf(core(field));
  if (d.type === 'string')
    return [
      { label: 'text with a NUL', value: 'pro\u0000be' },
      { label: 'text with an unpaired surrogate', value: 'pro\ud800be' },
    ];
  if (d.type === 'number' || d.type === 'int')
    return [{ label: '2^31 (past a database integer)', value: PAST_INT4 }];
  if (d.type === 'array' && d.element)
    return unstorableValues(d.element).map((v) => ({
      label: `a list holding ${v.label}`,
      value: [v.value],
    }));
  return [];
}

/** Candidate valid values of a type, tried in order against the field's own schema. */
const TEXTS = [
  'probe',
  'title', // also an export column
  '13800000001',
  '0000',
  '2026-03-02T08:30:00+08:00',
  '2026-03-02',
  '00000000-0000-4000-8000-000000000000',
  'Probe_user1',
];
function candidates(field: z.ZodType): unknown[] {
  const d = defOf(core(field));
  switch (d.type) {
    case 'string':
      return TEXTS;
    case 'number':
    case 'int':
      // An id no record has first: a case the schema wrongly let through changes nothing.
      return [999_999, 1, 2026, 10];
    case 'boolean':
      return [true, false];
    case 'enum':
      return Object.values(d.entries ?? {});
    case 'literal':
      return d.values ?? [];
    case 'array':
      return [[], ...candidates(d.element!).map((v) => [v])];
    case 'object':
    case 'intersection': {
      const base = validBase(core(field));
      return base === undefined ? [] : [base];
    }
    case 'record':
      return [{}];
    case 'union':
      return (d.options ?? []).flatMap(candidates);
    default:
      return ['probe'];
  }
}

/**
 * A valid body: the required fields filled with the first candidate their schema accepts, or,
 * when the body's own rules want more (one of two fields, a field another one requires), every
 * field filled.
 */
export function validBase(body: z.ZodType): Record<string, unknown> | undefined {
  for (const all of [false, true]) {
    const base: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(fieldsOf(body))) {
      if (!all && mayBeAbsent(field)) continue;
      const value = candidates(field).find((v) => field.safeParse(v).success);
      if (value !== undefined) base[name] = value;
    }
    if (body.safeParse(base).success) return base;
  }
  return undefined;
}
