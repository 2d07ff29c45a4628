import type { CatalogMessage } from '../lib/i18n';

/** The sentences the volunteers domain answers with, shared by its files (and the roster's check-in). */
export const volunteerMessages = {
  volunteerNotFound: /*i18n*/ 'Volunteer not found',
  slotFull: /*i18n*/ 'This volunteer slot is full',
  signupsClosed: /*i18n*/ 'Signups for this slot have closed',
  alreadySignedUp: /*i18n*/ 'This email is already signed up for this volunteer slot',
  notYourSignup: /*i18n*/ 'You can only change your own signups',
  notYourself: /*i18n*/ 'You can only sign up as yourself',
  tooManySignups: /*i18n*/ 'Too many signups from this network. Please try again later.',
  signupCancelled: /*i18n*/ 'Your signup has been cancelled',
  otherSheet: /*i18n*/ 'You can only move your signup to another slot of the same signup sheet',
  sameSlot: /*i18n*/ 'Your signup is already in this volunteer slot',
  slotsOnOneSheet: /*i18n*/ 'All slots must be on the same signup sheet',
  // The signup form says these too, before it sends (@pac/validators signupMessages, the same English).
  maxSlotsPerPerson: (n: number): CatalogMessage => ({
    id: /*i18n*/ 'You can sign up for at most {n} slots on this sheet',
    values: { n },
  }),
  stillNeeded: (n: number): CatalogMessage => ({ id: /*i18n*/ 'Only {n} still needed for this item', values: { n } }),
  quantityOnItemsOnly: /*i18n*/ 'Only item slots take a quantity',
} as const;
