export {
  SocialMediaCard,
  type SocialStatus,
  SocialStatusBadges,
  type SocialStatusBadgesProps,
} from './SocialMediaCard';
export { useSendTestPosts, useSocialStatus } from './useSocial';
