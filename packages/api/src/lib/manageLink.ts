import type { ServiceContext } from '../context';
import { refuse } from './errors';
import { invalidLinkMessage, signLink, verifyLink } from './links';

/**
 * The token of a "manage my signup" link (`/my-signup?token=…`): the volunteer's id and a
 * signature over it, `<id>-<signature>`, so that the link needs no account and no id in its path.
 * The signature is base64url; the id is digits, so the first '-' is the separator.
 */

type LinkContext = Pick<ServiceContext, 'runtime'>;

export function manageToken(ctx: LinkContext, volunteerId: number): string {
  return `${volunteerId}-${signLink(ctx, 'manage', volunteerId)}`;
}

/** The volunteer a manage token names, or FORBIDDEN 'This link is not valid' when we did not sign it. */
export function manageTokenVolunteerId(ctx: LinkContext, token: string): number {
  const match = /^([1-9][0-9]{0,15})-([A-Za-z0-9_-]+)$/.exec(token);
  const id = match ? Number(match[1]) : Number.NaN;
  if (!match?.[2] || !Number.isSafeInteger(id) || !verifyLink(ctx, 'manage', id, match[2])) {
    throw refuse('FORBIDDEN', invalidLinkMessage, { reason: 'invalidLink' });
  }
  return id;
}
