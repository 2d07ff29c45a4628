import { useLingui } from '@lingui/react';
import { PageLayout } from '../components/PageLayout';
import { InvalidLink } from '../features/account/EmailLink';
import { useEmailLink } from '../features/account/emailLink';
import { CancelSignup } from '../features/signup/CancelSignup';

/** /cancel-signup/:id?token=... — cancels a signup from the link in its confirmation email. */
export default function CancelSignupPage() {
  const link = useEmailLink();
  const { i18n } = useLingui();
  return (
    <PageLayout title={i18n._('Cancel Signup')}>{link ? <CancelSignup link={link} /> : <InvalidLink />}</PageLayout>
  );
}
