import '../styles/mantine-rest.css';
import { useLingui } from '@lingui/react';
import { PageLayout } from '../components/PageLayout';
import { InvalidLink } from '../features/account/EmailLink';
import { useEmailToken } from '../features/account/emailLink';
import { MySignup } from '../features/signup/MySignup';

/** /my-signup?token=… — the link in a volunteer's emails: see, move or cancel the signup, no account needed. */
export default function MySignupPage() {
  const token = useEmailToken();
  const { i18n } = useLingui();
  return <PageLayout title={i18n._('Your Signup')}>{token ? <MySignup token={token} /> : <InvalidLink />}</PageLayout>;
}
