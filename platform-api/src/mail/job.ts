// Mail goes through the queue so a slow SMTP server never holds up a request, and a failed
// delivery is retried.
import type { AppDeps } from '../deps.ts';
import type { Handler } from '../jobs/queue.ts';
import { deliver, type Mail } from './outbox.ts';

export const MAIL_QUEUE = 'mail';

export function sendMailJob(deps: AppDeps): Handler<Mail, { id: string }> {
  return async (job) => ({ id: await deliver(deps.config, job.data) });
}

export async function queueMail(deps: Pick<AppDeps, 'queue'>, mail: Mail): Promise<void> {
  await deps.queue.queue<Mail>(MAIL_QUEUE).add(mail, { retries: 3, backoffMs: 5000, priority: 'highest' });
}
