export {
  createMailer,
  MailError,
  type MailAttachment,
  type MailConfig,
  type MailMessage,
  type Mailer,
  type SendResult,
} from './email/mailer';
export { buildIcs, buildIcsEvents, type IcsAttachmentEvent } from './email/ics';
export {
  changeNotification,
  emailVerification,
  escapeHtml,
  formatDateTime,
  formatWhen,
  link,
  linkTo,
  mapUrl,
  messageHtml,
  passwordReset,
  reminder,
  signupCancelled,
  signupConfirmation,
  signupsConfirmation,
  testEmail,
  type AccountLinkInput,
  type ChangeNotificationInput,
  type ChangeSeverity,
  type EmailContent,
  type HtmlElement,
  type Localized,
  type ReminderInput,
  type ReminderType,
  type SignupCancelledInput,
  type SignupConfirmationInput,
  type SignupExtras,
  type SignupsConfirmationInput,
  type SignupsConfirmationSlot,
  type TestEmailInput,
  type VolunteerEmailDetails,
  organizerChangeLine,
  organizerDigest,
  organizerNotice,
  type OrganizerChange,
  type OrganizerChangeKind,
  type OrganizerDigestInput,
  type OrganizerNoticeInput,
} from './email/templates';
export { volunteerMessage, type VolunteerMessageInput, type VolunteerMessageSignup } from './email/volunteerMessage';
export {
  createGraphClient,
  GraphError,
  graphPath,
  type GraphClient,
  type GraphConfig,
  type GraphErrorDetails,
  type GraphErrorKind,
  type GraphObject,
  type GraphParams,
} from './social/graph';
export {
  facebookConfigured,
  postToFacebook,
  testFacebook,
  type FacebookPost,
  type FacebookTestResult,
} from './social/facebook';
export {
  INSTAGRAM_CAPTION_LIMIT,
  instagramConfigured,
  postToInstagram,
  testInstagram,
  truncateCaption,
  type InstagramPost,
  type InstagramPublishOptions,
  type InstagramTestResult,
} from './social/instagram';
export {
  changeCaption,
  changePostText,
  hashtag,
  testPostText,
  type ChangePostInput,
  type TestPostInput,
} from './social/posts';
export { announcementText, type Announcement, type AnnouncementInput } from './social/announcementText';
export { DEFAULT_TIMEOUT_MS, redact } from './social/http';
export { postWebhook, WEBHOOK_SIGNATURE_HEADER, webhookSignature, type WebhookOptions } from './webhook/webhook';
export {
  escapeText,
  foldLine,
  formatUtc,
  representable,
  writeCalendar,
  type IcsCalendar,
  type IcsEvent,
} from './ical/ical';
export {
  CARD_HEIGHT,
  CARD_JPEG_QUALITY,
  CARD_WIDTH,
  renderAnnouncementCard,
  type AnnouncementCardInput,
} from './card/card';
