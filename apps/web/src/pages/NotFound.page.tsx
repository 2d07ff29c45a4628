import { NotFound } from '../components/NotFound';
import { PageLayout } from '../components/PageLayout';

/** The catch-all route. */
export default function NotFoundPage() {
  return (
    <PageLayout title="Page Not Found">
      <NotFound />
    </PageLayout>
  );
}
