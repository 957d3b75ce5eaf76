// The error boundary of every API request: known errors answer in the spec's shapes; anything
// else is logged and answered with the generic message — never SQL or a stack trace.
// Domain errors (thrown by services and plugin server halves) map by their kind: InputError 400
// (string or `{ errors }`), NotSignedInError 401, NotAllowedError 403, NotFoundError 404,
// ConflictError 409, RateLimitedError 429; Objection's errors the same way (ValidationError 400,
// NotFoundError 404, unique/foreign-key violations 409); HttpError (the HTTP layer's own) as it says.
import type { Context, Next } from 'koa';
import objection from 'objection';
import type { Logger } from 'pino';
import { CONFLICT_MESSAGES, PluginHttpError, isDomainError, type DomainErrorKind } from '@headwater/plugin-sdk/server';
import { HttpError, MESSAGES, type FieldErrors } from './errors.ts';

const { ValidationError, NotFoundError, UniqueViolationError, ForeignKeyViolationError, DataError, CheckViolationError, NotNullViolationError, DBError } = objection;

/** PostgreSQL's "the value does not fit" errors that input alone causes (class 22 arrives as
 * Objection's DataError; 54000 is an index row too large). The input gate (input.ts) and the
 * routes' schemas refuse such values first; this is the backstop that keeps them a 400. */
function isInputDbError(err: unknown): boolean {
  if (err instanceof DataError || err instanceof CheckViolationError || err instanceof NotNullViolationError) return true;
  const code = (err as { nativeError?: { code?: string }; code?: string }).nativeError?.code ?? (err as { code?: string }).code;
  return typeof code === 'string' && (code.startsWith('22') || code === '54000') && (err instanceof DBError || 'severity' in (err as object));
}

/** The spec's status for each domain error (plugin-sdk/src/server/errors.ts). */
export const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  input: 400,
  notSignedIn: 401,
  notAllowed: 403,
  notFound: 404,
  conflict: 409,
  rateLimited: 429,
};

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
      // a value the database refused is the input's fault, but a route let it through: say so in the log
      else if (isInputDbError(err)) log.warn({ err, path: ctx.path, method: ctx.method }, 'input refused by the database');
      ctx.status = status;
      ctx.body = body;
    }
  };
}

export function toResponse(err: unknown): { status: number; body: string | { errors: FieldErrors } } {
  if (isDomainError(err)) return { status: DOMAIN_STATUS[err.kind], body: err.fields ? { errors: err.fields } : err.message };
  if (err instanceof HttpError || err instanceof PluginHttpError) return { status: err.status, body: err.body };
  if (err instanceof ValidationError) {
    const errors: FieldErrors = {};
    const data = (err.data ?? {}) as Record<string, { message: string }[]>;
    for (const [field, list] of Object.entries(data)) errors[field] = list.map((e) => e.message);
    return { status: 400, body: { errors: Object.keys(errors).length ? errors : { '': [MESSAGES.fixErrors] } } };
  }
  if (err instanceof NotFoundError) return { status: 404, body: MESSAGES.notFound };
  if (err instanceof UniqueViolationError) return { status: 409, body: CONFLICT_MESSAGES.exists };
  if (err instanceof ForeignKeyViolationError) return { status: 409, body: CONFLICT_MESSAGES.inUse };
  if (isInputDbError(err)) return { status: 400, body: MESSAGES.generic };
  const e = err as { status?: number; statusCode?: number; type?: string; expose?: boolean };
  const status = e.status ?? e.statusCode;
  // koa-body/co-body errors: malformed JSON, too large, unsupported charset.
  if (e.type === 'entity.parse.failed' || (err instanceof SyntaxError && status === 400)) return { status: 400, body: MESSAGES.badJson };
  if (e.type === 'entity.too.large') return { status: 413, body: MESSAGES.tooLarge };
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: status === 404 ? MESSAGES.notFound : status === 401 || status === 403 ? MESSAGES.unauthorized : MESSAGES.generic };
  }
  return { status: 500, body: MESSAGES.generic };
}

/**
 * A JSON answer serialised once. koa-compress asks an answer's length first, and Koa works out
 * the length of an object body by serialising it, then serialises it again to send it: twice
 * per answer (bench/suites/api.ts). Plain objects and arrays only (the type Koa gave them,
 * JSON, stays); mounted inside the compression.
 */
export function serialiseJsonOnce() {
  return async function serialiseJson(ctx: Context, next: Next): Promise<void> {
    await next();
    const body: unknown = ctx.body;
    if (body === null || typeof body !== 'object') return;
    const proto = Object.getPrototypeOf(body);
    if (Array.isArray(body) || proto === Object.prototype || proto === null) ctx.body = JSON.stringify(body);
  };
}
