export {
  SocialMediaCard,
  type SocialStatus,
  SocialStatusBadges,
  type SocialStatusBadgesProps,
} from './SocialMediaCard';
export { noPlatformConnected, SendTestPostsButton, type SendTestPostsButtonProps } from './SendTestPostsButton';
export { useSendTestPosts, useSocialStatus } from './useSocial';
