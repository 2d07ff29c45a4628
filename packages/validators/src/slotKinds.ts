/** task: people come and help; item: people bring something ("12 of the 24 cupcakes"). */
export const slotKinds = ['task', 'item'] as const;
export type SlotKind = (typeof slotKinds)[number];

/**
 * What a sheet's organizer hears of its signups: `each` an email per signup, cancellation, move and
 * waitlist promotion; `daily` one digest at 07:00 school time of the day before; `off` nothing.
 */
export const organizerNotifications = ['each', 'daily', 'off'] as const;
export type OrganizerNotification = (typeof organizerNotifications)[number];
