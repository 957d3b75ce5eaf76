// The invitation mail (spec 3 §2.1: invite by e-mail with an optional message). An address with
// an account gets a link to its invitations; one without gets a link to register, and the
// invitation waits for the account that confirms the address.
import type { Config } from '../../config.ts';
import type { Mail } from '../../mail/outbox.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function invitationMail(
  config: Pick<Config, 'publicUrl'>,
  invite: { email: string; groupName: string; groupDescription: string; invitedBy: string; message: string },
  site: string,
  link: { path: string; hasAccount: boolean },
): Mail {
  const url = `${config.publicUrl.replace(/\/$/, '')}${link.path}`;
  const paragraphs = [
    `${invite.invitedBy} invited you to join the group ${invite.groupName} on ${site}.`,
    ...(invite.groupDescription ? [`About the group: ${invite.groupDescription}`] : []),
    ...(invite.message ? [`Message from ${invite.invitedBy}: ${invite.message}`] : []),
    link.hasAccount
      ? 'Members of a group view, edit and run the projects shared with it. Follow the link below to accept or reject the invitation.'
      : `You do not have a ${site} account with this email address yet. Register with this address and confirm it; the invitation will be waiting for you under My groups once your account is approved.`,
  ];
  const linkText = link.hasAccount ? 'View your group invitations' : `Register with ${site}`;
  return {
    to: invite.email,
    subject: `${site}: invitation to join the group ${invite.groupName}`,
    text: [...paragraphs, `${linkText}: ${url}`].join('\n\n'),
    html: [...paragraphs.map((p) => `<p>${esc(p)}</p>`), `<p><a href="${esc(url)}">${esc(linkText)}</a></p>`].join('\n'),
  };
}
