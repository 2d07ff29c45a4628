export { AnnouncementDrafts, type AnnouncementDraftsProps } from './AnnouncementDrafts';
export {
  type Announcement,
  characterCount,
  decisionText,
  draftsOf,
  postTextMax,
  recentDecisions,
} from './announcements';
export { draftEditErrors } from './draftEditErrors';
export { useAnnouncementList, useDraftActions, useRefreshAnnouncements } from './useAnnouncements';
