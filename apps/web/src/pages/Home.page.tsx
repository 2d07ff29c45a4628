import { Benefits } from '../components/Benefits';
import { HeroBanner } from '../components/HeroBanner';
import { PageLayout } from '../components/PageLayout';
import { UpcomingSheets } from '../components/UpcomingSheets';

/** Home: hero banner, up to 4 upcoming sheets, and why to volunteer. */
export function HomePage() {
  return (
    <PageLayout banner={<HeroBanner />}>
      <UpcomingSheets />
      <Benefits />
    </PageLayout>
  );
}
