/** task: people come and help; item: people bring something ("12 of the 24 cupcakes"). */
export const slotKinds = ['task', 'item'] as const;
export type SlotKind = (typeof slotKinds)[number];
