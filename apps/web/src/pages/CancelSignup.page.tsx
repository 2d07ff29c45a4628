import { InvalidLink } from '../components/EmailLink';
import { PageLayout } from '../components/PageLayout';
import { CancelSignup } from '../features/signup/CancelSignup';
import { useEmailLink } from '../lib/emailLink';

/** /cancel-signup/:id?token=... — cancels a signup from the link in its confirmation email. */
export default function CancelSignupPage() {
  const link = useEmailLink();
  return <PageLayout title="Cancel Signup">{link ? <CancelSignup link={link} /> : <InvalidLink />}</PageLayout>;
}
