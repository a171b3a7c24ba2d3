import type { ServerConfig } from '../config';
import type { MailMessage } from './mailer';

// The mails of the account flows. Plain, friendly English for a community member; the text
// part says everything, the HTML part is the same words with a clickable link.

type Site = Pick<ServerConfig, 'publicUrl' | 'siteName'>;

/** `${publicUrl}${path}` without a doubled slash. */
export function siteLink(site: Site, pathAndQuery: string): string {
  return site.publicUrl.replace(/\/+$/, '') + pathAndQuery;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Paragraphs of text; a paragraph that is exactly a link becomes an <a> in the HTML part. */
export function compose(to: string, subject: string, paragraphs: string[]): MailMessage {
  const text = paragraphs.join('\n\n') + '\n';
  const html =
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">' +
    paragraphs
      .map((p) =>
        /^https?:\/\/\S+$/.test(p)
          ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>`
          : `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`,
      )
      .join('') +
    '</body></html>';
  return { to, subject, text, html };
}

const greeting = (name: string | undefined) => (name ? `Hello ${name},` : 'Hello,');

export function confirmEmailMail(site: Site, to: string, name: string, token: string): MailMessage {
  return compose(to, `Confirm your e-mail for ${site.siteName}`, [
    greeting(name),
    `Thank you for joining ${site.siteName}. To finish setting up your account, please confirm that this is your e-mail address by opening this link:`,
    siteLink(site, `/confirm-email?token=${encodeURIComponent(token)}`),
    'The link works once, for the next 48 hours.',
    'If you did not sign up, you can ignore this message: no account will be used without your confirmation.',
    `${site.siteName}`,
  ]);
}

export function alreadyRegisteredMail(site: Site, to: string, name: string | undefined): MailMessage {
  return compose(to, `Someone tried to register with your e-mail at ${site.siteName}`, [
    greeting(name),
    `Someone, perhaps you, just tried to create a new ${site.siteName} account with this e-mail address. You already have an account, so nothing was changed.`,
    'If it was you and you do not remember your password, or never confirmed your address, you can set a new password here:',
    siteLink(site, '/forgot-password'),
    'If it was not you, you can ignore this message. Your account and your password stay as they were.',
    `${site.siteName}`,
  ]);
}

export function resetPasswordMail(
  site: Site,
  to: string,
  name: string | undefined,
  token: string,
): MailMessage {
  return compose(to, `Set a new password for ${site.siteName}`, [
    greeting(name),
    `We received a request to set a new password for your ${site.siteName} account. To choose a new password, open this link:`,
    siteLink(site, `/set-pass?token=${encodeURIComponent(token)}`),
    'The link works once, for the next hour.',
    'If you did not ask for this, you can ignore this message. Your password stays as it was.',
    `${site.siteName}`,
  ]);
}

export function inviteMail(
  site: Site,
  to: string,
  name: string | undefined,
  invitedBy: string,
  token: string,
  ttlDays: number,
): MailMessage {
  return compose(to, `You are invited to ${site.siteName}`, [
    greeting(name),
    `${invitedBy} has invited you to ${site.siteName}. To choose your password and sign in, open this link:`,
    siteLink(site, `/set-pass?token=${encodeURIComponent(token)}`),
    `The link works once, for the next ${ttlDays} days. If it has expired, ask ${invitedBy} to send a new one.`,
    'If you did not expect this, you can ignore this message: nothing happens until the link is opened.',
    `${site.siteName}`,
  ]);
}

/**
 * An invitation to a person who has an account already: a link to accept it, which joins the
 * organisations named and changes nothing else. Nothing is joined until they accept.
 */
export function joinInvitationMail(
  site: Site,
  to: string,
  name: string | undefined,
  invitedBy: string,
  orgs: string[],
  token: string,
  ttlDays: number,
): MailMessage {
  const what = orgs.length ? orgs.join(', ') : 'an organisation';
  return compose(to, `You are invited to join ${what} on ${site.siteName}`, [
    greeting(name),
    `${invitedBy} has invited you to join ${what} on ${site.siteName}, with the account you already have. To accept, open this link and choose Accept:`,
    siteLink(site, `/accept-invite?token=${encodeURIComponent(token)}`),
    `The link works once, for the next ${ttlDays} days.`,
    'If you do not want to join, ignore this message: nothing changes unless you accept.',
    `${site.siteName}`,
  ]);
}
