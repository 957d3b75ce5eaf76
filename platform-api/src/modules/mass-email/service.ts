// Mass e-mail (spec 3 §2.3, §3 Mass email, §5: subject and body required, body trimmed; §6: full
// administrators only — the route checks the role, `sendToAllUsers` checks it again so no other
// caller can skip it). The request records the message and queues the `mass-email` job, which
// sends one message per user (every account with a confirmed address) in batches, reporting
// progress to room `massemail:{id}` (full administrators only) as `mass-email-status`.
import sanitizeHtml from 'sanitize-html';
import { InputError, NotAllowedError, NotFoundError, type FieldErrors } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { User } from '../users/models.ts';
import { MassEmail } from './models.ts';

export const MASS_EMAIL_QUEUE = 'mass-email';
export const MASS_EMAIL_EVENT = 'mass-email-status';
/** Messages written per batch, between two progress reports. */
export const MASS_EMAIL_BATCH = 25;
export const SUBJECT_MAX = 200;

export type MassEmailForm = { subject?: unknown; body?: unknown; bccSender?: unknown };

/** The rich-text editor's output, limited to formatting tags: nothing that runs or loads. */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'hr'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
  });
}

/** The plain-text part of a message: the HTML's text, paragraphs on their own lines. */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<\/(p|h[1-4]|li|blockquote|pre)>|<br\s*\/?>/gi, '\n').replace(/<li>/gi, '- ');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export async function sendToAllUsers(deps: Pick<AppDeps, 'queue' | 'bus'>, sender: User, form: MassEmailForm): Promise<{ id: number; total: number }> {
  if (!sender.hasRole('Admin')) throw new NotAllowedError();
  const subject = typeof form.subject === 'string' ? form.subject.trim() : '';
  const rawBody = typeof form.body === 'string' ? form.body.trim() : '';
  const body = sanitizeBody(rawBody).trim();
  const errors: FieldErrors = {};
  if (!subject) errors.subject = ['Required'];
  else if (subject.length > SUBJECT_MAX) errors.subject = [`Must be fewer than ${SUBJECT_MAX} characters`];
  // an editor's empty paragraph is no body
  if (!body || !htmlToText(body)) errors.body = ['Required'];
  if (Object.keys(errors).length) throw new InputError(errors);
  const bccSender = form.bccSender === true || form.bccSender === 'true';
  const [{ n }] = (await recipientsQuery().count({ n: '*' })) as { n: string | number }[] as [{ n: string | number }];
  const total = Number(n);
  const row = await MassEmail.query().insertAndFetch({ subject, body, bccSender, senderId: sender.id, sender: sender.userName, status: 'running', total, sent: 0, statusMessage: 'Queued' });
  await deps.queue.queue<{ id: number }>(MASS_EMAIL_QUEUE).add({ id: row.id }, { retries: 2, backoffMs: 5000 });
  return { id: row.id, total };
}

/** Who receives a mass e-mail: every account whose address is confirmed (an unconfirmed
 * address may not be the account holder's), in id order so a retried job resumes. */
export function recipientsQuery() {
  return MassEmail.knex()('users').where('email_confirmed', true);
}

export async function massEmailStatus(user: User, id: number) {
  if (!user.hasRole('Admin')) throw new NotAllowedError();
  const row = await MassEmail.query().findById(id);
  if (!row) throw new NotFoundError();
  return statusOf(row);
}

export function statusOf(row: MassEmail) {
  return { id: row.id, subject: row.subject, status: row.status, total: row.total, sent: row.sent, progress: row.total ? Math.floor((100 * row.sent) / row.total) : 100, statusMessage: row.statusMessage };
}

/** GET admin/users/emailusers: the latest mass e-mails — what was sent, by whom, when, how far. */
export async function recentMassEmails(user: User, limit = 20) {
  if (!user.hasRole('Admin')) throw new NotAllowedError();
  const rows = await MassEmail.query().orderBy('id', 'desc').limit(limit);
  return rows.map((r) => ({ ...statusOf(r), sender: r.sender, bccSender: r.bccSender, createdAt: r.createdAt }));
}
