import { sql } from 'drizzle-orm';
import { AppError } from '../../../protocol/errors';
import { makeId } from '../../../protocol/ids';
import {
  appendEvent,
  type Executor,
  inviteMail,
  issueToken,
  joinInvitationMail,
  loadRowAsSystem,
  loadRowsAsSystem,
  query,
  RateLimiter,
  recordInvitation,
  refuseWhileMasquerading,
  type Services,
  SYSTEM,
} from '../../../server/module-api';
import type { CoreCall } from './act-input';
import { contactOrgs, managesContact } from './user-state';

// act/invite: mails a Contact a link to set a password (docs/access-model.md "Invitations").
// The User is made on the first invitation and linked by Contact.user; a resend revokes the
// earlier link (its organisations carry over to the new one). The invitee joins, as member, the
// contact's `_related` organisations the inviter manages, when they open the link and accept.

export const INVITE_TTL_DAYS = 7;
const INVITE_TTL_MS = INVITE_TTL_DAYS * 86_400_000;
/** Invitations per contact per hour: enough to fix a typo, too few to flood an inbox. */
export const INVITES_PER_HOUR = 3;

const limiters = new WeakMap<Services, RateLimiter>();
function limiter(s: Services): RateLimiter {
  let l = limiters.get(s);
  if (!l) limiters.set(s, (l = new RateLimiter(INVITES_PER_HOUR, 3_600_000)));
  return l;
}

async function userByEmail(ex: Executor, email: string): Promise<string | null> {
  const [r] = await query<{ id: string }>(
    ex,
    sql`select user_id as id from credentials where lower(email) = ${email}
      union all select id from items where type = 'User' and not deleted and lower(data->>'email') = ${email}
      limit 1`,
  );
  return r?.id ?? null;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

export async function invite({ services, principal, body: b }: CoreCall<'invite'>) {
  if (!principal.userId) throw new AppError('notAllowed', 'sign in first');
  // An invitation is a link that outlives the masquerade; a site admin invites as themselves.
  refuseWhileMasquerading(principal, 'an invitation');
  const contactId = makeId('Contact', b._i);
  const { items } = services;
  const contact = await items.readableRow(principal, contactId);
  const orgs = contactOrgs(contact.data, contact.owner);
  if (!managesContact(principal, orgs)) throw new AppError('notAllowed', `invite ${contactId}`);

  let userId = str(contact.data.user) || null;
  // As the system: the contact's account, for its address; the caller's rights on the contact were checked
  // above.
  let user = userId ? await loadRowAsSystem(items.db, userId) : undefined;
  if (user?.deleted) user = undefined;
  const email = str(user?.data.email || contact.data.email).toLowerCase();
  if (!email)
    throw new AppError('invalidInput', `${contactId} has no e-mail`, {
      fields: [{ path: 'email', key: 'errors.required' }],
    });
  if (!limiter(services).hit(contactId))
    throw new AppError('tooManyAttempts', 'invited too often; try later');

  const name = [str(contact.data.firstName), str(contact.data.lastName)].filter(Boolean).join(' ');
  if (!user) {
    userId = await userByEmail(items.db, email);
    if (!userId)
      userId = (
        await items.create(SYSTEM, 'User', { name: name || email, email }, { actor: principal.userId })
      ).$id;
    // As the system: the account just found or made for the contact's address.
    user = await loadRowAsSystem(items.db, userId);
  }
  if (!userId || !user) throw new AppError('notFound', 'the account could not be made');
  if (contact.data.user !== userId)
    await items.update(
      SYSTEM,
      { $id: contactId, $version: contact.version, user: userId },
      { actor: principal.userId },
    );

  // Membership follows `_related` only: the owner merely keeps the card (a partner's contact
  // kept by a community must not become a member of that community by being invited).
  const related = contactOrgs(contact.data, null);
  const managed = principal.admin
    ? related
    : related.filter((o) => managesContact({ ...principal, admin: false }, [o]));
  const result = await items.transaction(async (tx) => {
    const [cred] = await query<{ blocked: boolean }>(
      tx,
      sql`select blocked from credentials where user_id = ${userId}`,
    );
    if (cred?.blocked) throw new AppError('notAllowed', `${userId} is blocked`);
    const revoked = await query<{ hash: string }>(
      tx,
      sql`update tokens set revoked_at = now() where user_id = ${userId} and kind = 'invite' and revoked_at is null returning hash`,
    );
    const have = await query<{ org_id: string }>(
      tx,
      sql`select org_id from memberships where user_id = ${userId}`,
    );
    const { token } = await issueToken(tx, userId, 'invite', INVITE_TTL_MS);
    // The person joins only when they accept (the link); an existing account is asked, not enrolled.
    const asked = managed.filter((org) => !have.some((m) => m.org_id === org));
    await recordInvitation(
      tx,
      token,
      asked,
      principal.userId,
      revoked.map((r) => r.hash),
    );
    await appendEvent(tx, {
      itemId: contactId,
      kind: revoked.length ? 'inviteResent' : 'invited',
      actor: principal.userId,
      realActor: principal.masqueradeFrom,
      data: { user: userId },
    });
    return { token, resent: revoked.length > 0, hasAccount: cred !== undefined, asked };
  });
  // As the system: the inviter's own User, for the mail's sender name.
  const inviter = await loadRowAsSystem(items.db, principal.userId);
  const inviterName = str(inviter?.data.name) || 'A colleague';
  const invitee = str(user.data.name) || name || undefined;
  // Someone with a password already accepts with a link that changes nothing else; a new account
  // accepts by choosing its password.
  services.mailer.sendLater(
    result.hasAccount
      ? joinInvitationMail(
          services.config,
          email,
          invitee,
          inviterName,
          // As the system: the organisations the invitation asks, which the inviter manages; only their names.
          [...(await loadRowsAsSystem(items.db, result.asked)).values()]
            .filter((o) => !o.deleted)
            .map((o) => items.labelOf(o)),
          result.token,
          INVITE_TTL_DAYS,
        )
      : inviteMail(services.config, email, invitee, inviterName, result.token, INVITE_TTL_DAYS),
  );
  return { sent: true as const, resent: result.resent, userId };
}
