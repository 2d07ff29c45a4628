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
