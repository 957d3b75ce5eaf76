// Domain errors: what a service (platform-api's modules, or a plugin's server half) throws when
// a request cannot be served. They say WHAT went wrong, never how HTTP says it: platform-api's
// one error middleware (platform-api/src/http/middleware.ts) maps them to the spec's status
// codes and body shapes:
//
//   InputError          400  a string body, or `{ errors: { field: [messages] } }` (field errors)
//   FeatureDisabledError 400 the spec's 'This feature is not enabled...' (an InputError)
//   NotSignedInError    401  nobody is signed in (a NotAllowedError, so `instanceof NotAllowedError` catches both)
//   NotAllowedError     403  signed in, but not allowed
//   NotFoundError       404
//   ConflictError       409  the request clashes with the current state (a record that exists already)
//   RateLimitedError    429  too many attempts
//
// Default messages are the spec's wording (messages.ts). React-free and framework-free: no Koa
// here, so services and plugin server halves never depend on the HTTP layer.
//
// Errors are recognised by `kind` as well as by class (`isDomainError`): a plugin built outside
// the workspace bundles its own copy of the SDK, whose classes are not these.
import { MESSAGES } from '../messages.ts';

/** Problems by field, in the spec's validation shape (`{ errors: { field: [messages] } }`). */
export type FieldErrors = Record<string, string[]>;

export const DOMAIN_ERROR_KINDS = ['input', 'notSignedIn', 'notAllowed', 'notFound', 'conflict', 'rateLimited'] as const;
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

/** The platform's wording for conflicts the spec does not word. */
export const CONFLICT_MESSAGES = {
  exists: 'That record already exists.',
  inUse: 'That record is in use by other records.',
} as const;

export abstract class DomainError extends Error {
  /** What went wrong, stable across copies of the SDK (the middleware maps it to a status). */
  abstract readonly kind: DomainErrorKind;
  /** Problems by field (InputError only). */
  readonly fields?: FieldErrors;
  constructor(message: string, fields?: FieldErrors) {
    super(message);
    this.name = new.target.name;
    if (fields) this.fields = fields;
  }
}

/** The request's input is wrong (400): a message, or problems by field. */
export class InputError extends DomainError {
  readonly kind = 'input' as const;
  constructor(problem: string | FieldErrors = MESSAGES.fixErrors) {
    if (typeof problem === 'string') super(problem);
    else super(Object.values(problem).flat().join(' ') || MESSAGES.fixErrors, problem);
  }
}

/** A disabled plugin's call (400, as the spec answers it). */
export class FeatureDisabledError extends InputError {
  constructor() {
    super(MESSAGES.featureDisabled);
  }
}

/** Signed in, but this user may not do this (403). */
export class NotAllowedError extends DomainError {
  readonly kind: 'notAllowed' | 'notSignedIn' = 'notAllowed';
  constructor(message: string = MESSAGES.unauthorized) {
    super(message);
  }
}

/** Nobody is signed in, or the sign-in is not valid (401). */
export class NotSignedInError extends NotAllowedError {
  override readonly kind = 'notSignedIn' as const;
}

/** There is no such thing (404). */
export class NotFoundError extends DomainError {
  readonly kind = 'notFound' as const;
  constructor(message: string = MESSAGES.notFound) {
    super(message);
  }
}

/** The request clashes with the current state (409). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict' as const;
  constructor(message: string = CONFLICT_MESSAGES.exists) {
    super(message);
  }
}

/** Too many attempts; try again later (429). */
export class RateLimitedError extends DomainError {
  readonly kind = 'rateLimited' as const;
  constructor(message: string = MESSAGES.generic) {
    super(message);
  }
}

/** A domain error of this SDK or of another copy of it (matched by `kind`). */
export function isDomainError(err: unknown): err is DomainError {
  if (err instanceof DomainError) return true;
  const kind = (err as { kind?: unknown } | null)?.kind;
  return err instanceof Error && typeof kind === 'string' && (DOMAIN_ERROR_KINDS as readonly string[]).includes(kind);
}

/**
 * @deprecated Throw a domain error (InputError, NotFoundError, NotAllowedError, ...) instead; kept
 * while the editors move over. Still answered with its status and body.
 */
export class PluginHttpError extends Error {
  readonly status: number;
  readonly body: string | { errors: FieldErrors };
  constructor(status: number, body: string | { errors: FieldErrors }) {
    super(typeof body === 'string' ? body : 'validation failed');
    this.status = status;
    this.body = body;
  }
}
