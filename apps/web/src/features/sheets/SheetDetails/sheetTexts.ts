// What the sheet page's dialogs and toasts say (SPEC.md), apart from them: the dialogs load on demand.

export function cancelSignupQuestion(slotTitle: string): string {
  return `Are you sure you want to cancel your signup for ${slotTitle}?`;
}

export function removeVolunteerQuestion(name: string): string {
  return `Are you sure you want to remove ${name} from this volunteer slot?`;
}

/**
 * The 'Signup Successful!' text. It promises a confirmation email only when the server says one
 * is on its way (mail configured, and the address not over its hourly limit). A signup that joined
 * a full slot's waitlist says so.
 */
export function signupSuccessText(
  signup: { email: string; confirmationEmail: boolean; status?: 'confirmed' | 'waitlisted' },
  slotTitle: string,
): string {
  if (signup.status === 'waitlisted') {
    return signup.confirmationEmail
      ? `You're on the waitlist for ${slotTitle}. We'll email ${signup.email} if a spot opens up.`
      : `You're on the waitlist for ${slotTitle}. You'll be signed up automatically if a spot opens up.`;
  }
  return signup.confirmationEmail
    ? `Thank you for volunteering! A confirmation email will be sent to ${signup.email}.`
    : `Thank you for volunteering! You're signed up for ${slotTitle}.`;
}

/** 'Judges', 'Judges and Setup crew', 'Judges, Setup crew and Teardown'. */
function titleList(titles: readonly string[]): string {
  if (titles.length <= 1) return titles[0] ?? '';
  return `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1] ?? ''}`;
}

/**
 * The 'Signup Successful!' text of a signup for several slots: which are confirmed and which
 * waitlisted (a full slot's), and the confirmation email when one is on its way.
 */
export function signupsSuccessText(
  signup: { email: string; confirmationEmail: boolean },
  confirmed: readonly string[],
  waitlisted: readonly string[],
): string {
  const parts: string[] = [];
  if (confirmed.length > 0) parts.push(`Thank you for volunteering! You're signed up for ${titleList(confirmed)}.`);
  if (waitlisted.length > 0) parts.push(`You're on the waitlist for ${titleList(waitlisted)}.`);
  if (signup.confirmationEmail) parts.push(`A confirmation email will be sent to ${signup.email}.`);
  else if (waitlisted.length > 0) parts.push("You'll be signed up automatically if a spot opens up.");
  return parts.join(' ');
}
