import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { issueText, type Lang } from '@hotline/domain';
import { unstorableText } from './text-guard';

/** Thrown by the validator; the error handler turns it into a 400 naming the field. */
export class ValidationError extends Error {
  constructor(
    readonly issues: z.core.$ZodIssue[],
    readonly part: string,
  ) {
    super('validation failed');
    this.name = 'ValidationError';
  }
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  return (data: unknown) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new ValidationError(result.error.issues, httpPart ?? 'body') };
  };
};

const zhLocale = z.locales.zhCN().localeError;

function issueMessage(issue: z.core.$ZodIssue, lang: Lang): string {
  // the contract's own words (a message key, with its arguments), in the caller's language
  const own = issueText(issue.message, lang);
  if (own !== null) return own;
  if (lang === 'zh') {
    const zh = zhLocale(issue as never);
    const text = typeof zh === 'string' ? zh : zh?.message;
    if (text) return text;
  }
  return issue.message;
}

/** "username: 用户名不能为空; pageSize: ..." — each issue names its field. */
export function formatIssues(issues: z.core.$ZodIssue[], lang: Lang, part = 'body'): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const field = issue.path.length > 0 ? issue.path.join('.') : part;
      return `${field}: ${issueMessage(issue, lang)}`;
    })
    .join('; ');
}

/** Validate data the route could not validate up front (decrypted payloads and the like). */
export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  assertStorableText(data, 'body');
  const result = schema.safeParse(data, { reportInput: true });
  if (!result.success) throw new ValidationError(result.error.issues, 'body');
  return result.data;
}

/** Throws the 400 (`request.textInvalid`, naming the field) when `value` holds unstorable text. */
export function assertStorableText(value: unknown, part: string): void {
  const path = unstorableText(value);
  if (!path) return;
  const issue = { code: 'custom', path, message: 'request.textInvalid', input: undefined };
  throw new ValidationError([issue as z.core.$ZodIssue], part);
}

/** Before any endpoint's validation: the body, the query string and the path's parameters. */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertStorableText(request.params, 'params');
    assertStorableText(request.query, 'querystring');
    assertStorableText(request.body, 'body');
  });
}
