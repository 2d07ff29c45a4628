/**
 * The sentences of signing up for slots that the sheet page says before any form opens (the
 * sheet's limit of slots per person), without zod: the sheet page imports this module through
 * '@pac/validators/signup-messages', so its first load does not carry the schemas.
 */

import { fill } from './fill';

/** The most slots one signup form may take at once (API.md). */
export const maxSlotsPerSignup = 20;

export const signupMessages = {
  slotRequired: /*i18n*/ 'Please choose at least one slot',
  tooManySlots: fill(/*i18n*/ 'You can sign up for at most {count} slots at once', { count: maxSlotsPerSignup }),
  quantity: /*i18n*/ 'Quantity must be a whole number of at least 1',
  maxSlotsPerPerson: /*i18n*/ 'Slots per person must be a whole number of at least 1',
  /** A sheet's limit of confirmed slots per email address, reached. */
  atMostSlots: (n: number) => fill(/*i18n*/ 'You can sign up for at most {n} slots on this sheet', { n }),
  /** An item slot's quantity larger than what is still needed. */
  stillNeeded: (n: number) => fill(/*i18n*/ 'Only {n} still needed for this item', { n }),
} as const;
