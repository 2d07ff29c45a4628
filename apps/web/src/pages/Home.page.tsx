import { PageLayout } from '../components/PageLayout';
import { HeroBanner } from '../features/hero/HeroBanner';
import { Benefits } from '../features/home/Benefits';
import { HomeNews } from '../features/news/HomeNews';
import { UpcomingSheets } from '../features/sheets/UpcomingSheets';
import { trpc } from '../trpc';

/** The hero banner with the admin's text and image (the defaults when none are set or they fail to load). */
function Hero() {
  const content = trpc.settings.heroContent.useQuery();
  const image = trpc.settings.getPublic.useQuery({ key: 'heroImageUrl' });
  return (
    <HeroBanner
      loading={content.isPending || image.isPending}
      content={content.data}
      imageUrl={image.data?.value ?? null}
    />
  );
}

/** Home: hero banner, up to 4 upcoming sheets, the latest school news, and why to volunteer. */
export function HomePage() {
  return (
    <PageLayout title={null} banner={<Hero />}>
      <UpcomingSheets />
      <HomeNews />
      <Benefits />
    </PageLayout>
  );
}
