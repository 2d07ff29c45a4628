import type { I18n } from '@lingui/core';
import { defaultLanguage } from '@pac/validators/page-data';

// What the sheet page's dialogs and toasts say (SPEC.md), apart from them: the dialogs load on demand.

export function cancelSignupQuestion(i18n: I18n, slotTitle: string): string {
  return i18n._('Are you sure you want to cancel your signup for {slot}?', { slot: slotTitle });
}

export function removeVolunteerQuestion(i18n: I18n, name: string): string {
  return i18n._('Are you sure you want to remove {name} from this volunteer slot?', { name });
}

/**
 * The 'Signup Successful!' text. It promises a confirmation email only when the server says one
 * is on its way (mail configured, and the address not over its hourly limit). A signup that joined
 * a full slot's waitlist says so.
 */
export function signupSuccessText(
  i18n: I18n,
  signup: { email: string; confirmationEmail: boolean; status?: 'confirmed' | 'waitlisted' },
  slotTitle: string,
): string {
  if (signup.status === 'waitlisted') {
    return signup.confirmationEmail
      ? i18n._("You're on the waitlist for {slot}. We'll email {email} if a spot opens up.", {
          slot: slotTitle,
          email: signup.email,
        })
      : i18n._("You're on the waitlist for {slot}. You'll be signed up automatically if a spot opens up.", {
          slot: slotTitle,
        });
  }
  return signup.confirmationEmail
    ? i18n._('Thank you for volunteering! A confirmation email will be sent to {email}.', { email: signup.email })
    : i18n._("Thank you for volunteering! You're signed up for {slot}.", { slot: slotTitle });
}

/**
 * 'Judges', 'Judges and Setup crew', 'Judges, Setup crew and Teardown'; in another language as it
 * joins a list (Intl's list format for the catalog's language).
 */
function titleList(i18n: I18n, titles: readonly string[]): string {
  if (i18n.locale !== defaultLanguage) {
    return new Intl.ListFormat(i18n.locale, { style: 'long', type: 'conjunction' }).format(titles);
  }
  if (titles.length <= 1) return titles[0] ?? '';
  return `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1] ?? ''}`;
}

/**
 * The 'Signup Successful!' text of a signup for several slots: which are confirmed and which
 * waitlisted (a full slot's), and the confirmation email when one is on its way.
 */
export function signupsSuccessText(
  i18n: I18n,
  signup: { email: string; confirmationEmail: boolean },
  confirmed: readonly string[],
  waitlisted: readonly string[],
): string {
  const parts: string[] = [];
  if (confirmed.length > 0) {
    parts.push(
      i18n._("Thank you for volunteering! You're signed up for {slots}.", { slots: titleList(i18n, confirmed) }),
    );
  }
  if (waitlisted.length > 0) {
    parts.push(i18n._("You're on the waitlist for {slots}.", { slots: titleList(i18n, waitlisted) }));
  }
  if (signup.confirmationEmail) {
    parts.push(i18n._('A confirmation email will be sent to {email}.', { email: signup.email }));
  } else if (waitlisted.length > 0) {
    parts.push(i18n._("You'll be signed up automatically if a spot opens up."));
  }
  return parts.join(' ');
}
