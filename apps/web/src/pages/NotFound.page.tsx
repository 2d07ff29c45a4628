import { useLingui } from '@lingui/react';
import { NotFound } from '../components/NotFound';
import { PageLayout } from '../components/PageLayout';

/** The catch-all route. */
export default function NotFoundPage() {
  const { i18n } = useLingui();
  return (
    <PageLayout title={i18n._('Page Not Found')}>
      <NotFound />
    </PageLayout>
  );
}
