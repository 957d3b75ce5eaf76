// The account mails. Links use the spec's client routes (spec 1 §2):
// /account/confirm/{userId}/{code}, /account/reset/{code}, /account/changeemail/{userId}/{code}/{email}.
import type { Config } from '../../config.ts';
import type { Mail } from '../../mail/outbox.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const base = (config: Pick<Config, 'publicUrl'>) => config.publicUrl.replace(/\/$/, '');

function mail(to: string, subject: string, paragraphs: string[], link?: { url: string; text: string }): Mail {
  const text = [...paragraphs, ...(link ? [`${link.text}: ${link.url}`] : [])].join('\n\n');
  const html = [...paragraphs.map((p) => `<p>${esc(p)}</p>`), ...(link ? [`<p><a href="${esc(link.url)}">${esc(link.text)}</a></p>`] : [])].join('\n');
  return { to, subject, text, html };
}

export function confirmationMail(config: Pick<Config, 'publicUrl'>, user: { id: number; email: string; userName: string; firstName: string }, code: string, site: string): Mail {
  const url = `${base(config)}/account/confirm/${user.id}/${encodeURIComponent(code)}`;
  return mail(user.email, `${site}: please confirm your email address`, [
    `Hello ${user.firstName || user.userName},`,
    `Thank you for registering with ${site} as ${user.userName}. Please confirm your email address by following the link below. After that an administrator will review your account; you will receive an email when it is approved.`,
    'The link works once and expires in 7 days.',
  ], { url, text: 'Confirm your email address' });
}

export function resetMail(config: Pick<Config, 'publicUrl'>, user: { email: string; userName: string }, code: string, site: string): Mail {
  const url = `${base(config)}/account/reset/${encodeURIComponent(code)}`;
  return mail(user.email, `${site}: reset your password`, [
    `Someone asked to reset the password of the ${site} account ${user.userName}. If it was you, follow the link below and enter your user name and a new password.`,
    'The link works once and expires in 2 hours. If you did not ask for this, you can ignore this email.',
  ], { url, text: 'Reset your password' });
}

export function changeEmailMail(config: Pick<Config, 'publicUrl'>, user: { id: number; userName: string }, newEmail: string, code: string, site: string): Mail {
  const url = `${base(config)}/account/changeemail/${user.id}/${encodeURIComponent(code)}/${encodeURIComponent(newEmail)}`;
  return mail(newEmail, `${site}: confirm your new email address`, [
    `The ${site} account ${user.userName} asked to use this address. Follow the link below to confirm it; you will then be logged out and can log in again.`,
    'The link works once and expires in 24 hours.',
  ], { url, text: 'Confirm your new email address' });
}

export function changeEmailNoticeMail(oldEmail: string, user: { userName: string }, site: string): Mail {
  return mail(oldEmail, `${site}: email change requested`, [
    `A change of the email address of the ${site} account ${user.userName} was requested. It takes effect only when the link sent to the new address is followed. If you did not ask for this, change your password.`,
  ]);
}

export function mfaMail(user: { email: string; userName: string }, code: string, site: string): Mail {
  return mail(user.email, `${site}: your sign-in code`, [
    `Your ${site} sign-in code is ${code}`,
    `Enter it to finish logging in as ${user.userName}. It expires in 10 minutes. If you did not try to log in, change your password.`,
  ]);
}

export function approvedMail(config: Pick<Config, 'publicUrl'>, user: { email: string; userName: string; firstName: string }, site: string): Mail {
  return mail(user.email, `${site}: your account has been approved`, [
    `Hello ${user.firstName || user.userName},`,
    `Your ${site} account ${user.userName} has been approved. You can now log in and create projects.`,
  ], { url: `${base(config)}/projects`, text: 'Go to My Projects' });
}

export function tierRequestMail(adminEmail: string, user: { userName: string; email: string }, value: string, time: string, site: string): Mail {
  return mail(adminEmail, `${site}: tier request from ${user.userName}`, [
    `${user.userName} (${user.email}) asked for a higher usage tier.`,
    `Reasons: ${value}`,
    `Estimated duration: ${time}`,
  ]);
}

/** An administrator denied the registration (spec 3 §4: pending → denied); the reason is theirs. */
export function deniedMail(user: { email: string; userName: string; firstName: string }, reason: string, site: string): Mail {
  return mail(user.email, `${site}: your account request was not approved`, [
    `Hello ${user.firstName || user.userName},`,
    `Your request for a ${site} account (${user.userName}) was not approved, and the account has been removed.`,
    ...(reason ? [`Reason: ${reason}`] : []),
  ]);
}

/** Someone used this account's user name or address on the public registration form (which
 * answers as if an account was created, so it tells nobody which accounts exist). */
export function registrationAttemptMail(config: Pick<Config, 'publicUrl'>, user: { email: string; userName: string; firstName: string }, matched: { userName: boolean; email: boolean }, site: string): Mail {
  const what = matched.userName && matched.email ? 'your user name and email address' : matched.userName ? 'your user name' : 'your email address';
  return mail(user.email, `${site}: someone tried to register with ${what}`, [
    `Hello ${user.firstName || user.userName},`,
    `Someone just tried to create a new ${site} account with ${what}. You already have an account (${user.userName}), so no new account was created.`,
    'If it was you, log in with your existing account, or reset your password if you have forgotten it. If it was not you, you can ignore this email.',
  ], { url: `${base(config)}/`, text: `Go to ${site}` });
}
