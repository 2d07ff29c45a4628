import { useLingui } from '@lingui/react';
import { Badge, Box, Button, Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { defaultHeroImagePath } from '@pac/validators/hero-defaults';
import { lazy, useState } from 'react';
import { OnceOpened } from '../../../components/OnceOpened';
import { trpc } from '../../../trpc';
import { descriptionPreview, heroText } from '../HeroBanner/heroContent';

// Each dialog's code (Mantine's Modal, the editor and its schema) loads when it is first opened: the
// dashboard's load carries none of it.
const HeroContentDialog = lazy(() => import('./HeroContentDialog').then((m) => ({ default: m.HeroContentDialog })));
const HeroImageDialog = lazy(() => import('./HeroImageDialog').then((m) => ({ default: m.HeroImageDialog })));

/** A small picture of the hero image, hidden when it cannot be loaded. */
function Thumbnail({ src }: { src: string }) {
  const { i18n } = useLingui();
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) return null;
  return (
    <img
      src={src}
      alt={i18n._('Current hero image')}
      width={96}
      height={60}
      onError={() => setFailed(src)}
      style={{ objectFit: 'cover', borderRadius: 6, display: 'block', flexShrink: 0 }}
    />
  );
}

/**
 * The Website Settings card: which hero image and text the home page shows, with the dialogs
 * that change them.
 */
export function WebsiteSettings() {
  const { i18n } = useLingui();
  const image = trpc.settings.getPublic.useQuery({ key: 'heroImageUrl' });
  const content = trpc.settings.heroContent.useQuery();
  const [dialog, setDialog] = useState<'image' | 'content' | null>(null);
  const close = () => setDialog(null);

  const customImage = image.data?.value ?? null;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="website-settings-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="website-settings-title">
            {i18n._('Website Settings')}
          </Title>
          <Text size="sm" c="dimmed">
            {i18n._('What visitors see at the top of the home page.')}
          </Text>
        </div>

        {/* On a phone the button goes below the thumbnail rather than squeeze the text beside it. */}
        <Group justify="space-between" wrap="wrap" align="center">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            {!image.isPending && <Thumbnail key={customImage ?? 'default'} src={customImage ?? defaultHeroImagePath} />}
            <div>
              <Text fw={600}>{i18n._('Hero Image')}</Text>
              {image.isPending ? (
                <Skeleton height={14} width={110} mt={4} />
              ) : (
                <Text size="sm" c="dimmed">
                  {customImage ? i18n._('Custom image') : i18n._('Default image')}
                </Text>
              )}
            </div>
          </Group>
          <Button variant="light" onClick={() => setDialog('image')}>
            {i18n._('Update Image')}
          </Button>
        </Group>

        <Divider />

        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Box style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600}>{i18n._('Hero Banner Content')}</Text>
              {content.data && (
                <Badge variant="light" tt="none" color={content.data.isCustom ? 'blue' : 'gray'}>
                  {content.data.isCustom ? i18n._('Custom text set') : i18n._('Default text')}
                </Badge>
              )}
            </Group>
            {content.isPending ? (
              <Stack gap={6} mt={6}>
                <Skeleton height={14} width={220} />
                <Skeleton height={12} width={320} />
              </Stack>
            ) : content.isError ? (
              <Text size="sm" c="red">
                {i18n._('Could not load the hero content.')}
              </Text>
            ) : (
              // As the home page shows them: a built-in default in the page's language.
              <>
                <Text size="sm" mt={4} data-testid="hero-title-preview">
                  {heroText(i18n, content.data.title)}
                </Text>
                <Text size="xs" c="dimmed">
                  {descriptionPreview(heroText(i18n, content.data.description))}
                </Text>
              </>
            )}
          </Box>
          <Button variant="light" disabled={!content.data} onClick={() => setDialog('content')}>
            {i18n._('Edit Content')}
          </Button>
        </Group>
      </Stack>

      <OnceOpened open={dialog === 'image'}>
        {(opened) => <HeroImageDialog opened={opened} onClose={close} />}
      </OnceOpened>
      {content.data && (
        <OnceOpened open={dialog === 'content'}>
          {(opened) => <HeroContentDialog opened={opened} onClose={close} content={content.data} />}
        </OnceOpened>
      )}
    </Card>
  );
}
