import { LoginThrottle } from './loginThrottle';
import { PasswordHasher } from './passwords';
import { SlidingWindowLimiter } from './rateLimit';

const minuteMs = 60 * 1000;

/** Confirmation emails one address may receive in an hour; later signups succeed without one. */
export const confirmationMailsPerHour = 5;

/**
 * The limits one server shares across all its requests (and across REST and tRPC): failed logins,
 * argon2 work, signups per client address, and confirmation emails per recipient.
 */
export interface Guards {
  loginThrottle: LoginThrottle;
  passwords: PasswordHasher;
  /** Signups per client address over 10 minutes (SIGNUP_RATE_LIMIT). */
  signups: SlidingWindowLimiter;
  /** Signup confirmation emails per recipient address over an hour. */
  confirmationMail: SlidingWindowLimiter;
}

export function createGuards(limits: { loginMaxFailures: number; signupRateLimit: number }): Guards {
  return {
    loginThrottle: new LoginThrottle(limits.loginMaxFailures),
    passwords: new PasswordHasher(),
    signups: new SlidingWindowLimiter(limits.signupRateLimit, 10 * minuteMs),
    confirmationMail: new SlidingWindowLimiter(confirmationMailsPerHour, 60 * minuteMs),
  };
}
