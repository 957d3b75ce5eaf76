// HTTP errors in the spec's shapes (spec 1 §8): a validation error is
// `{ errors: { field: [messages] } }`, everything else a plain string body.
export const MESSAGES = {
  unauthorized:
    'Invalid credentials. Either your user name or password is incorrect, or you do not have permission to view this page.',
  notFound:
    'Requested data not found. Please check the URL in your browser and make sure you have the correct ID numbers if any.',
  generic: 'There was an error processing your request.',
  featureDisabled: 'This feature is not enabled. Please contact an administrator if you are expecting it to be available.',
  badJson: 'The request body is not valid JSON.',
  fixErrors: 'Please fix the errors below and try again.',
  required: 'Required',
} as const;

export type FieldErrors = Record<string, string[]>;

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
export const featureDisabled = () => new HttpError(400, MESSAGES.featureDisabled);
