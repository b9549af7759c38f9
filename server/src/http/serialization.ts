import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ResponseSchema = z.ZodType | { properties: z.ZodType };

/**
 * Response serialisation: every reply is checked against its route's response schema and
 * stripped of the keys the schema does not name (nothing internal leaks out), then written as
 * JSON. A forward parse rather than zod's `encode`, which fastify-type-provider-zod runs: the
 * response schemas hold no transforms or codecs (test/serialization.test.ts walks them all),
 * so both give the same output, and the parse costs a fraction (a 20-row list page: parse
 * ≈ 30 µs, encode ≈ 200 µs, JSON ≈ 95 µs).
 */
export const serializerCompiler: FastifySerializerCompiler<ResponseSchema> = ({
  schema,
  method,
  url,
}) => {
  const zodSchema = schema instanceof z.ZodType ? schema : schema.properties;
  return (data) => {
    const result = zodSchema.safeParse(data);
    if (!result.success) {
      throw new ResponseSerializationError(method, url, { cause: result.error });
    }
    return JSON.stringify(result.data);
  };
};

/** Kinds of schema that change a value on parse (and so would parse unlike encode). */
const CHANGING = new Set(['transform', 'pipe']);

/** Where in `schema` a value would be changed on parse (empty: nowhere). */
export function changingParts(schema: z.ZodType, path = '$', seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })
    ._zod.def;
  if (CHANGING.has(def.type)) return [`${path} (${def.type})`];
  const out: string[] = [];
  const visit = (value: unknown, at: string) => {
    if (value instanceof z.ZodType) out.push(...changingParts(value, at, seen));
    else if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${at}[${i}]`));
  };
  for (const [key, value] of Object.entries(def)) {
    if (key === 'shape' && value && typeof value === 'object') {
      for (const [field, child] of Object.entries(value)) visit(child, `${path}.${field}`);
    } else if (key === 'getter' && typeof value === 'function') {
      visit((value as () => unknown)(), path);
    } else {
      visit(value, path);
    }
  }
  return out;
}
