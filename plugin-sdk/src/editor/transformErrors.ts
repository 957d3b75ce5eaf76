// Maps ajv errors (as rjsf passes them to `transformErrors`) to the spec's wording:
// 'Required', 'Must be between {min} and {max}', and per-field messages from the schema:
// `messages: { keyword: text }` (what platform-api reads too), or `errorMessage` (a string, or
// an object by keyword — the ajv-errors convention). `not: { const: 0 }` without its own
// message gives the curve number's 'A value of zero will result in no change…'.
// Pure: no rjsf code is loaded here.
import type { RJSFValidationError } from '@rjsf/utils';
import { EDITOR_MESSAGES } from './messages.ts';
import type { EditorSchema } from './types.ts';

type SchemaNode = EditorSchema;

/** `.a.b`, `a.b` (a root `required`), `.list.0`, `['first-name']` → ['a', 'b'] … */
export function propertyPath(property: string | undefined): string[] {
  if (!property) return [];
  const parts: string[] = [];
  const re = /(?:^|\.)([^.[\]]+)|\[['"]?([^'"\]]+)['"]?\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(property))) parts.push((m[1] ?? m[2])!);
  return parts;
}

/** The schema of the field at `path` (properties by name, items by index). */
export function schemaAt(schema: EditorSchema | undefined, path: string[]): SchemaNode | undefined {
  let node = schema as SchemaNode | undefined;
  for (const part of path) {
    if (!node || typeof node !== 'object') return undefined;
    const props = node.properties as Record<string, SchemaNode> | undefined;
    if (props && part in props) node = props[part];
    else if (/^\d+$/.test(part) && node.items) node = (Array.isArray(node.items) ? node.items[Number(part)] : node.items) as SchemaNode;
    else return undefined;
  }
  return node;
}

function rangeMessage(node: SchemaNode | undefined, error: RJSFValidationError): string {
  const min = typeof node?.minimum === 'number' ? node.minimum : typeof node?.exclusiveMinimum === 'number' ? node.exclusiveMinimum : undefined;
  const max = typeof node?.maximum === 'number' ? node.maximum : typeof node?.exclusiveMaximum === 'number' ? node.exclusiveMaximum : undefined;
  if (min !== undefined && max !== undefined) return EDITOR_MESSAGES.between(min, max);
  const limit = Number((error.params as { limit?: unknown } | undefined)?.limit);
  if (error.name === 'minimum' || error.name === 'exclusiveMinimum') return EDITOR_MESSAGES.atLeast(min ?? limit);
  return EDITOR_MESSAGES.atMost(max ?? limit);
}

/** The spec's message for one error, given the schema of its field. */
export function editorErrorMessage(error: RJSFValidationError, node: SchemaNode | undefined): string {
  const name = error.name ?? '';
  const own = node?.messages?.[name];
  if (typeof own === 'string') return own;
  const custom = node?.errorMessage;
  if (typeof custom === 'string' && name !== 'required') return custom;
  if (custom && typeof custom === 'object' && typeof custom[name] === 'string') return custom[name];
  switch (name) {
    case 'required':
      return EDITOR_MESSAGES.required;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return rangeMessage(node, error);
    case 'type': {
      const expected = String((error.params as { type?: unknown } | undefined)?.type ?? '');
      return /number|integer/.test(expected) ? EDITOR_MESSAGES.notANumber : (error.message ?? EDITOR_MESSAGES.required);
    }
    case 'not': {
      const not = node?.not as SchemaNode | undefined;
      if (not && typeof not === 'object' && not.const === 0) return EDITOR_MESSAGES.zeroNoChange;
      return error.message ?? '';
    }
    default:
      return error.message ?? '';
  }
}

/** rjsf `transformErrors`, bound to the form's schema: `(errors) => transformErrors(errors, schema)`. */
export function transformErrors(errors: RJSFValidationError[], schema?: EditorSchema): RJSFValidationError[] {
  return errors.map((error) => {
    const node = schemaAt(schema, propertyPath(error.property));
    const message = editorErrorMessage(error, node);
    return { ...error, message, stack: message };
  });
}

/** A transformErrors for one schema, in the shape rjsf's `transformErrors` prop takes. */
export function createTransformErrors(schema: EditorSchema): (errors: RJSFValidationError[]) => RJSFValidationError[] {
  return (errors) => transformErrors(errors, schema);
}
