export { SocialMediaCard, SocialStatusBadges, type SocialStatusBadgesProps } from './SocialMediaCard';
export { noPlatformConnected, SendTestPostsButton, type SendTestPostsButtonProps } from './SendTestPostsButton';
export { type SocialStatus, useSendTestPosts, useSocialStatus } from './useSocial';
