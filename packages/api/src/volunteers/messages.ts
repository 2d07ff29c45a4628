import { signupMessages } from '@pac/validators';

/** The sentences the volunteers domain answers with, shared by its files (and the roster's check-in). */
export const volunteerMessages = {
  volunteerNotFound: 'Volunteer not found',
  slotFull: 'This volunteer slot is full',
  signupsClosed: 'Signups for this slot have closed',
  alreadySignedUp: 'This email is already signed up for this volunteer slot',
  notYourSignup: 'You can only change your own signups',
  notYourself: 'You can only sign up as yourself',
  tooManySignups: 'Too many signups from this network. Please try again later.',
  signupCancelled: 'Your signup has been cancelled',
  otherSheet: 'You can only move your signup to another slot of the same signup sheet',
  sameSlot: 'Your signup is already in this volunteer slot',
  slotsOnOneSheet: 'All slots must be on the same signup sheet',
  // The signup form says these too, before it sends.
  maxSlotsPerPerson: signupMessages.atMostSlots,
  stillNeeded: signupMessages.stillNeeded,
  quantityOnItemsOnly: 'Only item slots take a quantity',
} as const;
