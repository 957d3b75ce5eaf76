// The ONE validation path of a saved change (ARCHITECTURE 'Editors'): a change — the whole form,
// or the fields the user changed — checked against its editor's JSON schema with ajv, and every
// error said in the spec's words:
//   'Required', 'Must be between {min} and {max}' (one-sided: 'Must be at least/at most'),
//   'Must be a number', `not: { const: 0 }` → the curve number's 'A value of zero will result in
//   no change…', an unknown key → 'Unknown variable', and a field's own `messages` (one per
//   failing keyword) or `errorMessage` (one text, or one per keyword) before all of these.
// The browser form (rjsf passes its ajv errors to `transformErrors`) and platform-api's change
// store (`validateChange`) both map errors here, so they say the same thing.
//
// React-free and rjsf-free; it loads ajv, so it is NOT exported from the SDK's index (the shell's
// bundle): servers, scripts and tests take it from `@headwater/plugin-sdk/server` (or the
// React-free `@headwater/plugin-sdk/schema`), the lazily loaded editor form by path.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { EDITOR_MESSAGES } from './messages.ts';

/** A JSON schema as the editors write them (EditorSchema): read structurally here. */
type SchemaNode = {
  [key: string]: unknown;
  properties?: Record<string, SchemaNode | boolean>;
  items?: SchemaNode | boolean | (SchemaNode | boolean)[];
  messages?: Record<string, string>;
  errorMessage?: string | Record<string, string>;
};
type AnySchema = object;

/** Messages by field: `{ value: ['Must be between -10 and 10'] }` (the spec's validation shape). */
export type ChangeErrors = Record<string, string[]>;

/** One failing keyword, however the validator reports it: where (the field path) and what. */
export type ChangeError = { keyword: string; path: string[]; params?: Record<string, unknown>; message?: string };

/** Where errors of the change as a whole go (a change that is not an object, say). */
export const CHANGE_ROOT = 'modificationObject';

// ─── the schema of a field ──────────────────────────────────────────────────────────────

/** rjsf's property notation (`.a.b`, `a.b`, `.list.0`, `['first-name']`) → ['a', 'b'] … */
export function propertyPath(property: string | undefined): string[] {
  if (!property) return [];
  const parts: string[] = [];
  const re = /(?:^|\.)([^.[\]]+)|\[['"]?([^'"\]]+)['"]?\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(property))) parts.push((m[1] ?? m[2])!);
  return parts;
}

/** The schema of the field at `path` (properties by name, items by index). */
export function schemaAt(schema: AnySchema | undefined, path: string[]): SchemaNode | undefined {
  let node = schema as SchemaNode | undefined;
  for (const part of path) {
    if (!node || typeof node !== 'object') return undefined;
    const props = node.properties as Record<string, SchemaNode> | undefined;
    if (props && part in props) node = props[part];
    else if (/^\d+$/.test(part) && node.items) node = (Array.isArray(node.items) ? node.items[Number(part)] : node.items) as SchemaNode;
    else return undefined;
  }
  return node && typeof node === 'object' ? node : undefined;
}

// ─── the spec's message of one error ────────────────────────────────────────────────────

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

function rangeMessage(node: SchemaNode | undefined, error: ChangeError): string {
  const min = num(node?.minimum) ?? num(node?.exclusiveMinimum);
  const max = num(node?.maximum) ?? num(node?.exclusiveMaximum);
  if (min !== undefined && max !== undefined) return EDITOR_MESSAGES.between(min, max);
  const limit = Number(error.params?.limit);
  if (error.keyword === 'minimum' || error.keyword === 'exclusiveMinimum') return EDITOR_MESSAGES.atLeast(min ?? limit);
  return EDITOR_MESSAGES.atMost(max ?? limit);
}

/** The spec's message for one error, given the schema of its field. */
export function changeErrorMessage(error: ChangeError, node: SchemaNode | undefined): string {
  const keyword = error.keyword;
  const own = node?.messages?.[keyword];
  if (typeof own === 'string') return own;
  const custom = node?.errorMessage;
  if (typeof custom === 'string' && keyword !== 'required') return custom;
  if (custom && typeof custom === 'object' && typeof custom[keyword] === 'string') return custom[keyword];
  switch (keyword) {
    case 'required':
      return EDITOR_MESSAGES.required;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return rangeMessage(node, error);
    case 'type': {
      const expected = error.params?.type;
      const type = Array.isArray(expected) ? expected.join(' or ') : String(expected ?? '');
      return /number|integer/.test(type) ? EDITOR_MESSAGES.notANumber : EDITOR_MESSAGES.wrongType(type);
    }
    case 'additionalProperties':
      return EDITOR_MESSAGES.unknownField;
    case 'not': {
      const not = node?.not as SchemaNode | undefined;
      if (not && typeof not === 'object' && not.const === 0) return EDITOR_MESSAGES.zeroNoChange;
      return error.message ?? '';
    }
    default:
      return error.message ?? '';
  }
}

/** An ajv error as a ChangeError: `required` and `additionalProperties` belong to the field they
 * name, not to the object that holds it. */
export function fromAjvError(e: ErrorObject): ChangeError {
  const path = e.instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'required' && typeof params.missingProperty === 'string') path.push(params.missingProperty);
  if (e.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') path.push(params.additionalProperty);
  return { keyword: e.keyword, path, params, message: e.message };
}

/** The field errors of a list of ajv errors, each message once per field. */
export function changeErrors(schema: AnySchema, errors: readonly ErrorObject[]): ChangeErrors {
  const out: ChangeErrors = {};
  for (const e of errors) {
    // an `if`/`then` rule reports its failing `then` keywords on their fields, and once more as
    // 'must match "then" schema' on the object: that summary says nothing more
    if (e.keyword === 'if') continue;
    const error = fromAjvError(e);
    // an unknown key has no schema of its own: its parent's messages speak for it
    const node = error.keyword === 'additionalProperties' ? schemaAt(schema, error.path.slice(0, -1)) : schemaAt(schema, error.path);
    const message = changeErrorMessage(error, node);
    const list = (out[error.path.join('.') || CHANGE_ROOT] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return out;
}

// ─── validating a change ────────────────────────────────────────────────────────────────

// strictNumbers: NaN and Infinity are not numbers (a body built in code may hold them).
const ajv = new Ajv({ allErrors: true, strict: false, strictNumbers: true });
const compiled = { whole: new WeakMap<object, ValidateFunction>(), partial: new WeakMap<object, ValidateFunction>() };

/** The schema without `required`: a partial change holds only the fields the user changed
 * (spec 2 §5); ranges, types, `not`, lists and unknown keys still apply. */
export function partialSchema<S>(schema: S): S {
  if (Array.isArray(schema)) return schema.map(partialSchema) as S;
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) if (k !== 'required') out[k] = partialSchema(v);
  return out as S;
}

function validatorOf(schema: AnySchema, partial: boolean): ValidateFunction {
  const cache = partial ? compiled.partial : compiled.whole;
  let validate = cache.get(schema);
  if (!validate) cache.set(schema, (validate = ajv.compile(partial ? partialSchema(schema) : schema)));
  return validate;
}

/** Checks a change against its editor's schema: `{}` when valid, else the spec's messages by
 * field. `partial: true` for a change as sent (only the changed fields: `required` does not
 * apply) — what platform-api checks on save; the whole form otherwise. Throws when the schema
 * itself does not compile. */
export function validateChange(schema: AnySchema, change: unknown, opts: { partial?: boolean } = {}): ChangeErrors {
  const validate = validatorOf(schema, !!opts.partial);
  return validate(change) ? {} : changeErrors(schema, validate.errors ?? []);
}

// ─── rjsf's transformErrors (the editor form) ───────────────────────────────────────────

/** An error as rjsf gives it to `transformErrors` (RJSFValidationError). */
export type FormError = { name?: string; property?: string; params?: any; message?: string; stack: string };

/** The spec's message for one rjsf error, given the schema of its field. */
export function editorErrorMessage(error: Pick<FormError, 'name' | 'property' | 'params' | 'message'>, node: SchemaNode | undefined): string {
  return changeErrorMessage({ keyword: error.name ?? '', path: propertyPath(error.property), params: error.params, message: error.message }, node);
}

/** rjsf `transformErrors`: the form's errors in the spec's words (message and stack). */
export function transformErrors<E extends FormError>(errors: E[], schema?: AnySchema): E[] {
  return errors.map((error) => {
    const message = editorErrorMessage(error, schemaAt(schema, propertyPath(error.property)));
    return { ...error, message, stack: message };
  });
}

/** A transformErrors for one schema, in the shape rjsf's `transformErrors` prop takes. */
export function createTransformErrors(schema: AnySchema): <E extends FormError>(errors: E[]) => E[] {
  return (errors) => transformErrors(errors, schema);
}
