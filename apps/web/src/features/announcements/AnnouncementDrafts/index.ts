export { AnnouncementDrafts, type AnnouncementDraftsProps } from './AnnouncementDrafts';
export { ChangedLines, type ChangedLinesProps } from './ChangedLines';
export { DraftCard, type DraftCardProps } from './DraftCard';
export { RecentDecisions } from './RecentDecisions';
export { RejectDialog, type RejectDialogProps } from './RejectDialog';
