// Reading the mail outbox in tests: the queue's worker writes one JSON file per message.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type OutboxMail = { to: string; subject: string; text: string; html: string | null; sentAt: string; file: string };

export function readOutbox(dir: string): OutboxMail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ ...(JSON.parse(readFileSync(join(dir, f), 'utf8')) as Omit<OutboxMail, 'file'>), file: f }));
}

/** Waits for a mail matching `match` that is not in `seen` (file names); 10 s at most. */
export async function waitForMail(dir: string, match: (m: OutboxMail) => boolean, seen = new Set<string>()): Promise<OutboxMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = readOutbox(dir).find((m) => !seen.has(m.file) && match(m));
    if (found) {
      seen.add(found.file);
      return found;
    }
    if (Date.now() > deadline) throw new Error(`no mail matched in ${dir}: ${JSON.stringify(readOutbox(dir).map((m) => [m.to, m.subject]))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function linkIn(mail: OutboxMail, path: string): string {
  const m = mail.text.match(new RegExp(`https?://[^\\s]*${path}[^\\s]*`));
  if (!m) throw new Error(`no ${path} link in ${mail.text}`);
  return new URL(m[0]).pathname;
}

export function codeIn(mail: OutboxMail): string {
  const m = mail.text.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`no code in ${mail.text}`);
  return m[1]!;
}
