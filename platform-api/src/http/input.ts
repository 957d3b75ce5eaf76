// The one gate every API request's input passes before any route sees it (issue 23): the body
// (JSON, at most JSON_LIMIT), the query and the path are held to the SDK's bounds
// (`inputProblems`: no NUL, strings within their declared length, finite bounded numbers,
// bounded depth) and refused in the spec's 400 shape. The routes' own schemas (zod through
// `parseBody`, `intParam`/`idParam`) then check what each field means.
import type { Context, Next } from 'koa';
import { INPUT_LIMITS, inputProblems, type FieldErrors } from '@headwater/plugin-sdk/server';
import { notFound, validationError } from './errors.ts';

/** The JSON body parser's limit (a larger body answers 413). */
export const JSON_LIMIT = '5mb';

/**
 * Calls that take long text, with their caps (site texts and pages are HTML written by
 * administrators: site/routes.ts declares 200,000 and 500,000 characters; so is the mail to all
 * users). Everything else gets INPUT_LIMITS.maxString (10,000). A new call that takes longer text
 * adds its line here.
 */
export const LONG_TEXT: { method: string; path: RegExp; maxString: number }[] = [
  { method: 'POST', path: /^\/api\/admin\/websitetext$/, maxString: 200_000 },
  { method: 'POST', path: /^\/api\/admin\/websitetextpage\/[^/]+$/, maxString: 500_000 },
  // the administrators' mail to users (mass-email): an HTML message
  { method: 'POST', path: /^\/api\/admin\/users\/emailusers$/, maxString: 200_000 },
];

function maxStringFor(ctx: Context): number {
  return LONG_TEXT.find((r) => r.method === ctx.method && r.path.test(ctx.path))?.maxString ?? INPUT_LIMITS.maxString;
}

/** The path as the router will decode it; undefined when it cannot name anything. */
function decodedPath(path: string): string | undefined {
  try {
    const p = decodeURIComponent(path);
    return p.includes('\u0000') || p.length > 4000 ? undefined : p;
  } catch {
    return path; // the router keeps a segment it cannot decode as it is (and it then matches no id)
  }
}

export function checkInput() {
  return async function input(ctx: Context, next: Next): Promise<void> {
    if (!ctx.path.startsWith('/api')) return next();
    // A path with NUL (…/%00) or absurd length points nowhere.
    if (decodedPath(ctx.path) === undefined) throw notFound();
    const errors: FieldErrors = {};
    const query = ctx.query as Record<string, unknown>;
    // the query: flat strings (the token may be long, never NUL)
    Object.assign(errors, inputProblems(query, { maxString: INPUT_LIMITS.maxString, maxDepth: 2 }));
    const body = (ctx.request as { body?: unknown }).body;
    if (body !== undefined) Object.assign(errors, inputProblems(body, { maxString: maxStringFor(ctx) }));
    if (Object.keys(errors).length) throw validationError(errors);
    await next();
  };
}
