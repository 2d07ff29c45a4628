export { AnnouncementDrafts, type AnnouncementDraftsProps } from './AnnouncementDrafts';
export {
  type Announcement,
  characterCount,
  decisionText,
  draftEditErrors,
  draftsOf,
  postTextMax,
  recentDecisions,
} from './announcements';
export { useAnnouncementList, useDraftActions, useRefreshAnnouncements } from './useAnnouncements';
