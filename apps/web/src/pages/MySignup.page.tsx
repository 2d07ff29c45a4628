import '../styles/mantine-rest.css';
import { InvalidLink } from '../components/EmailLink';
import { PageLayout } from '../components/PageLayout';
import { MySignup } from '../features/signup/MySignup';
import { useEmailToken } from '../lib/emailLink';

/** /my-signup?token=… — the link in a volunteer's emails: see, move or cancel the signup, no account needed. */
export default function MySignupPage() {
  const token = useEmailToken();
  return <PageLayout title="Your Signup">{token ? <MySignup token={token} /> : <InvalidLink />}</PageLayout>;
}
