import type { AuthTokenPurpose, Db, User } from '@pac/db';
import { emailVerification, passwordReset } from '@pac/notify';
import type { ApiConfig } from '../context';
import { emailTokenUrl, issueEmailToken } from './emailTokens';
import { currentSender, sendInBackground, sendMail } from './mail';

const templates = { verifyEmail: emailVerification, resetPassword: passwordReset } as const;
const labels = { verifyEmail: 'Verification email', resetPassword: 'Password reset email' } as const;

export type AccountLinkOutcome = 'sent' | 'notConfigured' | 'limited';

/**
 * Emails the account a single-use link (verification or password reset) to its current address,
 * after the answer has gone out. Sends nothing when mail is not configured or the account already
 * had its hourly number of these links.
 */
export function sendAccountLink(
  db: Db,
  config: ApiConfig,
  user: Pick<User, 'id' | 'email' | 'name'>,
  purpose: AuthTokenPurpose,
): AccountLinkOutcome {
  if (!currentSender(db, config)) {
    console.warn(`${labels[purpose]} not sent: email is not configured`);
    return 'notConfigured';
  }
  const token = issueEmailToken(db, user, purpose);
  if (token === null) return 'limited';
  const content = templates[purpose]({
    schoolName: config.schoolName,
    name: user.name,
    url: emailTokenUrl(config.publicBaseUrl, purpose, token),
  });
  sendInBackground(labels[purpose], () => sendMail(db, config, { to: user.email, ...content }));
  return 'sent';
}
