// Mail delivery: SMTP through nodemailer when SMTP_URL is set; otherwise one JSON file per
// message in MAIL_OUTBOX_DIR (default DATA_DIR/outbox) with to, subject, text, html, sentAt.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export type Mail = { to: string; subject: string; text: string; html?: string; bcc?: string };

export async function deliver(config: Pick<Config, 'smtpUrl' | 'mailOutboxDir'>, mail: Mail, from = 'Headwater <no-reply@localhost>'): Promise<string> {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    const info = await transport.sendMail({ from, ...mail });
    return String(info.messageId);
  }
  await mkdir(config.mailOutboxDir, { recursive: true });
  const sentAt = new Date().toISOString();
  const id = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
  // Written under a temporary name and renamed, so a reader never sees half a message.
  const file = join(config.mailOutboxDir, `${id}.json`);
  await writeFile(`${file}.tmp`, JSON.stringify({ from, ...mail, html: mail.html ?? null, sentAt }, null, 2));
  await rename(`${file}.tmp`, file);
  return id;
}
