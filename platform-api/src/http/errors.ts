// Errors of the HTTP layer (routes, auth middleware, request parsing) in the spec's shapes
// (spec 1 §8): a validation error is `{ errors: { field: [messages] } }`, everything else a plain
// string body. Services never use these: they throw the domain errors of
// `@headwater/plugin-sdk/server` (InputError, NotFoundError, NotAllowedError, ...), which
// middleware.ts maps to the same statuses and shapes.
import { MESSAGES as SPEC_MESSAGES } from '@headwater/plugin-sdk/schema';
import { FeatureDisabledError, type FieldErrors } from '@headwater/plugin-sdk/server';

export type { FieldErrors };

/** The spec's wording lives once, in the SDK; the server adds what only it says. */
export const MESSAGES = {
  ...SPEC_MESSAGES,
  badJson: 'The request body is not valid JSON.',
  tooLarge: 'The request body is too large.',
} as const;

export class HttpError extends Error {
  readonly status: number;
  readonly body: string | { errors: FieldErrors };
  constructor(status: number, body: string | { errors: FieldErrors }) {
    super(typeof body === 'string' ? body : Object.values(body.errors).flat().join(' '));
    this.status = status;
    this.body = body;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const validationError = (errors: FieldErrors) => new HttpError(400, { errors });
export const unauthorized = () => new HttpError(401, MESSAGES.unauthorized);
export const forbidden = () => new HttpError(403, MESSAGES.unauthorized);
export const notFound = () => new HttpError(404, MESSAGES.notFound);
/** @deprecated throw `new FeatureDisabledError()` (a domain error; same 400 and message). */
export const featureDisabled = () => new FeatureDisabledError();
