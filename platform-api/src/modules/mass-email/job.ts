// The `mass-email` job: writes one message per recipient through the mail transport (SMTP, or
// the outbox in embedded mode), a batch at a time, saving how many were sent after each batch so
// a retried job resumes where it stopped instead of mailing everyone twice. The sender gets one
// blind copy (on the first message) when they asked for it.
import type { AppDeps } from '../../deps.ts';
import type { Handler } from '../../jobs/queue.ts';
import { deliver } from '../../mail/outbox.ts';
import { User } from '../users/models.ts';
import { MassEmail } from './models.ts';
import { MASS_EMAIL_BATCH, MASS_EMAIL_EVENT, MASS_EMAIL_QUEUE, htmlToText, recipientsQuery, statusOf } from './service.ts';

async function save(deps: AppDeps, id: number, patch: Partial<Pick<MassEmail, 'status' | 'sent' | 'statusMessage' | 'total'>>): Promise<void> {
  const row = await MassEmail.query().patchAndFetchById(id, patch);
  if (row) await deps.bus.publish(`massemail:${id}`, MASS_EMAIL_EVENT, statusOf(row));
}

export function massEmailProcessors(deps: AppDeps): Record<string, Handler<{ id: number }, unknown>> {
  return {
    [MASS_EMAIL_QUEUE]: async (job) => {
      const row = await MassEmail.query().findById(job.data.id);
      if (!row || row.status !== 'running') return;
      const sender = row.senderId ? await User.query().findById(row.senderId) : undefined;
      const text = htmlToText(row.body);
      const users = (await recipientsQuery().select('id', 'email').orderBy('id')) as { id: number; email: string }[];
      const total = users.length;
      let sent = Math.min(row.sent, total);
      await save(deps, row.id, { total, statusMessage: `Sending ${sent} of ${total}` });
      try {
        while (sent < total) {
          const batch = users.slice(sent, sent + MASS_EMAIL_BATCH);
          for (const [i, u] of batch.entries()) {
            const bcc = row.bccSender && sender?.email && sent === 0 && i === 0 ? { bcc: sender.email } : {};
            await deliver(deps.config, { to: u.email, subject: row.subject, text, html: row.body, ...bcc });
          }
          sent += batch.length;
          await save(deps, row.id, { sent, statusMessage: `Sending ${sent} of ${total}` });
          await job.reportProgress({ percent: total ? Math.floor((100 * sent) / total) : 100, message: `Sent ${sent} of ${total}` });
        }
        await save(deps, row.id, { status: 'complete', sent, statusMessage: `Sent to ${sent} users` });
      } catch (err) {
        await save(deps, row.id, { statusMessage: `Stopped after ${sent} of ${total}: ${err instanceof Error ? err.message : String(err)}`.slice(0, 1000) });
        throw err; // the queue retries; the saved count makes the retry resume
      }
      return { sent };
    },
  };
}
