import { useState } from 'react';
import type { SlotFormSlot } from '../SlotForm';

// Kept apart from the dialogs: a page holds this state from its first render, and can load the
// dialogs (Mantine's Modal, the slot form and its schema) later.

/** What the slot dialogs are open for; one at a time. */
type SlotDialogSubject =
  { kind: 'edit'; slot: SlotFormSlot; eventDate?: Date } | { kind: 'delete'; slot: SlotFormSlot };

/** Which slot dialog is open, and the calls that open and close them (see `useSlotDialogs`). */
export interface SlotDialogsControl {
  subject: SlotDialogSubject | null;
  opened: boolean;
  /** Opens 'Edit Volunteer Slot' for `slot`; `eventDate` is its sheet's. */
  edit: (slot: SlotFormSlot, eventDate?: Date) => void;
  /** Opens 'Delete Volunteer Slot' for `slot`. */
  confirmDelete: (slot: SlotFormSlot) => void;
  close: () => void;
}

/** The state of a page's slot dialogs: pass it to `<SlotDialogs>`, call `edit` and `confirmDelete` from the slots. */
export function useSlotDialogs(): SlotDialogsControl {
  const [subject, setSubject] = useState<SlotDialogSubject | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (next: SlotDialogSubject) => {
    setSubject(next);
    setOpened(true);
  };
  return {
    subject,
    opened,
    edit: (slot, eventDate) => open({ kind: 'edit', slot, eventDate }),
    confirmDelete: (slot) => open({ kind: 'delete', slot }),
    close: () => setOpened(false),
  };
}
