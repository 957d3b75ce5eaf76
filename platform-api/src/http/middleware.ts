// The error boundary of every API request: known errors answer in the spec's shapes; anything
// else is logged and answered with the generic message — never SQL or a stack trace.
import type { Context, Next } from 'koa';
import objection from 'objection';
import type { Logger } from 'pino';
import { HttpError, MESSAGES, type FieldErrors } from './errors.ts';

const { ValidationError, NotFoundError, UniqueViolationError, ForeignKeyViolationError } = objection;

export function errorMiddleware(log: Logger) {
  return async function handleErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
        ctx.status = 404;
        ctx.body = MESSAGES.notFound;
      }
    } catch (err) {
      const { status, body } = toResponse(err);
      if (status >= 500) log.error({ err, path: ctx.path, method: ctx.method }, 'request failed');
      ctx.status = status;
      ctx.body = body;
    }
  };
}

export function toResponse(err: unknown): { status: number; body: string | { errors: FieldErrors } } {
  if (err instanceof HttpError) return { status: err.status, body: err.body };
  if (err instanceof ValidationError) {
    const errors: FieldErrors = {};
    const data = (err.data ?? {}) as Record<string, { message: string }[]>;
    for (const [field, list] of Object.entries(data)) errors[field] = list.map((e) => e.message);
    return { status: 400, body: { errors: Object.keys(errors).length ? errors : { '': [MESSAGES.fixErrors] } } };
  }
  if (err instanceof NotFoundError) return { status: 404, body: MESSAGES.notFound };
  if (err instanceof UniqueViolationError) return { status: 409, body: 'That record already exists.' };
  if (err instanceof ForeignKeyViolationError) return { status: 409, body: 'That record is in use by other records.' };
  const e = err as { status?: number; statusCode?: number; type?: string; expose?: boolean };
  const status = e.status ?? e.statusCode;
  // koa-body/co-body errors: malformed JSON, too large, unsupported charset.
  if (e.type === 'entity.parse.failed' || (err instanceof SyntaxError && status === 400)) return { status: 400, body: MESSAGES.badJson };
  if (e.type === 'entity.too.large') return { status: 413, body: 'The request body is too large.' };
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: status === 404 ? MESSAGES.notFound : status === 401 || status === 403 ? MESSAGES.unauthorized : MESSAGES.generic };
  }
  return { status: 500, body: MESSAGES.generic };
}
