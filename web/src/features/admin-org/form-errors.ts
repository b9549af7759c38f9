import type { unitCreateBody } from '@hotline/contract';
import { RequestError } from '../../lib/request';

/**
 * Form checks from the endpoint's own body schema (the server applies the same one): each
 * issue becomes one message key per field. And the server's refusal as the form shows it.
 */

/** A zod issue (the same type for every schema). */
type Issue = NonNullable<
  ReturnType<(typeof unitCreateBody)['safeParse']>['error']
>['issues'][number];

interface SafeParser {
  safeParse: (value: unknown) => { success: boolean; error?: { issues: readonly Issue[] } };
}

export interface FieldProblem {
  field: string;
  /** A key under `adminOrg.errors`. */
  key: 'required' | 'tooLong' | 'code' | 'roleName' | 'sort' | 'invalid';
  max?: number;
}

/** Fields whose format (regex) has its own message. */
const FORMAT_KEYS: Record<string, FieldProblem['key']> = { code: 'code', name: 'roleName' };

function problemOf(issue: Issue): FieldProblem | null {
  const [field] = issue.path;
  if (typeof field !== 'string') return null;
  if (field === 'sort') return { field, key: 'sort' };
  switch (issue.code) {
    case 'invalid_type':
      return { field, key: 'required' };
    case 'too_small':
      return issue.origin === 'string' ? { field, key: 'required' } : { field, key: 'invalid' };
    case 'too_big':
      return issue.origin === 'string'
        ? { field, key: 'tooLong', max: Number(issue.maximum) }
        : { field, key: 'invalid' };
    case 'invalid_format':
      return { field, key: FORMAT_KEYS[field] ?? 'invalid' };
    default:
      return { field, key: 'invalid' };
  }
}

/** The problems of a body, at most one per field; empty when it may be sent. */
export function schemaProblems(schema: SafeParser, body: unknown): FieldProblem[] {
  const result = schema.safeParse(body);
  const out: FieldProblem[] = [];
  for (const issue of result.error?.issues ?? []) {
    const problem = problemOf(issue);
    if (problem && !out.some((p) => p.field === problem.field)) out.push(problem);
  }
  return out;
}

/**
 * The message of a failed call (the server's own words for a 400 or 409). A 400 starts with
 * the field it names ("parentId: …"); shown outside that field, the prefix is left out.
 */
export function errorText(error: unknown): string {
  if (error instanceof RequestError && error.code === 400)
    return error.message.replace(/^[A-Za-z.]+\s*:\s*/, '');
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * A 400 that names one of the form's fields ("name: …", as the server's validation answers)
 * belongs under that field; anything else is shown above the buttons.
 */
export function serverFieldError(
  error: unknown,
  fields: readonly string[],
): { field: string; message: string } | null {
  if (!(error instanceof RequestError) || error.code !== 400) return null;
  const match = /^([A-Za-z]+)\s*[:：]\s*(.+)$/s.exec(error.message);
  if (!match?.[1] || !match[2] || !fields.includes(match[1])) return null;
  return { field: match[1], message: match[2] };
}
