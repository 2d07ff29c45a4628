export {
  MessageComposer,
  type MessageComposerProps,
  MessageLog,
  MessagePreview,
  type MessageSheet,
  MessageVolunteersDialog,
  type MessageVolunteersDialogProps,
  recipientsText,
  sentText,
  type SheetMessageEntry,
} from './MessageVolunteers';
export { MessageVolunteersButton } from './MessageVolunteersButton';
