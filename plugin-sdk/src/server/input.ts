// The bounds every request's input is held to before any handler sees it (issue 23): platform-api
// runs `inputProblems` on each body, query and route parameter (http/input.ts) and answers the
// problems in the spec's 400 shape (`{ errors: { field: [messages] } }`). Framework-free, so a
// plugin's server half can hold a value it builds itself to the same rules.
//
// Why each bound:
//  - NUL (U+0000): PostgreSQL refuses it in text ('invalid byte sequence'), so it could only ever
//    end as a 500; no form of the product takes it.
//  - string length: an undeclared string is capped (INPUT_LIMITS.maxString) so a 1 MB value is not
//    stored in a profile, mailed to administrators or used as an index key; routes that take long
//    text (site pages) declare their own, larger cap.
//  - numbers: finite (JSON's 1e400 parses to Infinity) and within ±1e15 (beyond any quantity the
//    product stores; integers in int4 columns are checked by the routes' own schemas, `idParam`).
//  - depth and size: nested arrays or objects deeper than maxDepth, or more than maxNodes values,
//    are refused before any code walks them recursively (the HRU selection calls did, 5,000 deep).
//    The walk below is iterative, so the check itself cannot overflow the stack.
import type { FieldErrors } from './errors.ts';

export const INPUT_LIMITS = {
  /** longest string accepted where a route declares nothing (characters) */
  maxString: 10_000,
  /** deepest nesting of arrays/objects in a body */
  maxDepth: 32,
  /** most values (strings, numbers, keys, ...) in one body */
  maxNodes: 500_000,
  /** largest magnitude of a number */
  maxNumber: 1e15,
  /** longest object key */
  maxKey: 200,
} as const;

/** The largest id/page PostgreSQL's int4 holds. */
export const MAX_INT4 = 2_147_483_647;

export const INPUT_MESSAGES = {
  nul: 'Contains a character that is not allowed.',
  tooLong: (max: number) => `Must be at most ${max.toLocaleString('en-US')} characters.`,
  number: 'Must be a finite number within range.',
  tooDeep: 'The request is nested too deeply.',
  tooBig: 'The request has too many values.',
  badText: 'Contains text that is not valid.',
} as const;

export type InputLimits = { maxString?: number; maxDepth?: number; maxNodes?: number; maxNumber?: number };

/** A lone UTF-16 surrogate (invalid text: PostgreSQL's UTF-8 refuses it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The problem of one string, if any. */
export function stringProblem(s: string, maxString: number = INPUT_LIMITS.maxString): string | undefined {
  if (s.includes('\u0000')) return INPUT_MESSAGES.nul;
  if (s.length > maxString) return INPUT_MESSAGES.tooLong(maxString);
  if (LONE_SURROGATE.test(s)) return INPUT_MESSAGES.badText;
  return undefined;
}

/**
 * Problems of a parsed input (a JSON body, a query object, route parameters), by field path
 * (`a.b.0`; '' for the whole input). Empty when the input is within bounds. Iterative.
 */
export function inputProblems(input: unknown, limits: InputLimits = {}, prefix = ''): FieldErrors {
  const L = { ...INPUT_LIMITS, ...limits };
  const errors: FieldErrors = {};
  const add = (path: string, message: string) => {
    const list = (errors[path] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: prefix, depth: 0 }];
  let nodes = 0;
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (++nodes > L.maxNodes) {
      add(prefix, INPUT_MESSAGES.tooBig);
      break;
    }
    if (typeof value === 'string') {
      const p = stringProblem(value, L.maxString);
      if (p) add(path, p);
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value) || Math.abs(value) > L.maxNumber) add(path, INPUT_MESSAGES.number);
    } else if (value && typeof value === 'object') {
      if (depth >= L.maxDepth) {
        add(prefix, INPUT_MESSAGES.tooDeep);
        break;
      }
      const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value as Record<string, unknown>);
      for (const [k, v] of entries) {
        const child = path ? `${path}.${k}` : k;
        if (!Array.isArray(value)) {
          const kp = k.includes('\u0000') ? INPUT_MESSAGES.nul : k.length > INPUT_LIMITS.maxKey ? INPUT_MESSAGES.tooLong(INPUT_LIMITS.maxKey) : LONE_SURROGATE.test(k) ? INPUT_MESSAGES.badText : undefined;
          if (kp) {
            add(path, kp);
            continue;
          }
        }
        stack.push({ value: v, path: child, depth: depth + 1 });
      }
    }
    if (Object.keys(errors).length >= 20) break; // enough to show; the rest is more of the same
  }
  return errors;
}

/** An integer parameter within PostgreSQL's int4 (page numbers, counts); `undefined` when it is not one. */
export function int4(value: unknown, opts: { min?: number; max?: number } = {}): number | undefined {
  const s = Array.isArray(value) ? value[0] : value;
  const n = typeof s === 'number' ? s : typeof s === 'string' && /^-?\d{1,10}$/.test(s.trim()) ? Number(s) : NaN;
  if (!Number.isInteger(n) || n < (opts.min ?? -MAX_INT4 - 1) || n > (opts.max ?? MAX_INT4)) return undefined;
  return n;
}
