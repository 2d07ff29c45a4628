import { PageLayout } from '../components/PageLayout';
import { InvalidLink } from '../features/account/EmailLink';
import { useEmailLink } from '../features/account/emailLink';
import { CancelSignup } from '../features/signup/CancelSignup';

/** /cancel-signup/:id?token=... — cancels a signup from the link in its confirmation email. */
export default function CancelSignupPage() {
  const link = useEmailLink();
  return <PageLayout title="Cancel Signup">{link ? <CancelSignup link={link} /> : <InvalidLink />}</PageLayout>;
}
