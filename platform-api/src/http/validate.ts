// Request validation with zod, answering in the spec's `{ errors: { field: [messages] } }` shape.
import type { z } from 'zod';
import { notFound, validationError, type FieldErrors } from './errors.ts';

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '';
    (errors[field] ??= []).push(issue.message);
  }
  throw validationError(errors);
}

/** Trims every string value one level deep (the spec trims text values of forms). */
export function trimStrings<T>(value: T): T {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = typeof v === 'string' ? v.trim() : v;
  return out as T;
}

export function intParam(value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 2_147_483_647) throw notFound(); // an id that cannot exist is a URL that points nowhere
  return n;
}
