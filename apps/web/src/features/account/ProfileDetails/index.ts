export { ProfileDetails, type ProfileDetailsProps } from './ProfileDetails';
