import { useLingui } from '@lingui/react';
import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { HeroContent } from '@pac/validators/hero-defaults';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { defaultHeroContent, defaultHeroImage, shownHeroContent } from './heroContent';

function Check() {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      aria-hidden="true"
    >
      <path d="M5 12l5 5L20 7" />
    </svg>
  );
}

/**
 * A call to action: '#' is a plain button, '#section' and '/#section' jump within the page,
 * '/path' is an in-app link and 'http...' an ordinary link.
 */
function HeroCta({ text, href, primary }: { text: string; href: string; primary: boolean }) {
  const variant = primary ? 'filled' : 'default';
  if (href === '#') {
    return (
      <Button size="md" variant={variant} type="button">
        {text}
      </Button>
    );
  }
  if (href.startsWith('#') || href.startsWith('/#')) {
    return (
      <Button size="md" variant={variant} component="a" href={href.slice(href.indexOf('#'))}>
        {text}
      </Button>
    );
  }
  if (href.startsWith('/')) {
    return (
      <Button size="md" variant={variant} component={Link} to={href}>
        {text}
      </Button>
    );
  }
  return (
    <Button size="md" variant={variant} component="a" href={href} rel="noopener noreferrer">
      {text}
    </Button>
  );
}

export interface HeroBannerProps {
  /**
   * The admin's text (hidden fields are not shown); the default text when absent. A text that is
   * still the built-in default shows in the page's language; what the admin typed, as typed.
   */
  content?: HeroContent;
  /** A custom hero image; the default image is used when there is none or it fails to load. */
  imageUrl?: string | null;
  /** The content is still on its way: placeholders instead of text that would change a moment later. */
  loading?: boolean;
}

function LoadingBanner() {
  const { i18n } = useLingui();
  return (
    <Box bg="blue.0" py={{ base: 'xl', md: 64 }} aria-busy="true" aria-label={i18n._('Loading')}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Skeleton height={26} width={180} radius="xl" />
            <Skeleton height={44} width="90%" />
            <Skeleton height={18} />
            <Skeleton height={18} width="80%" />
            <Group gap="sm">
              <Skeleton height={42} width={170} />
              <Skeleton height={42} width={140} />
            </Group>
          </Stack>
          <Skeleton height={360} radius={16} />
        </SimpleGrid>
      </Container>
    </Box>
  );
}

export function HeroBanner({
  content: stored = defaultHeroContent,
  imageUrl = null,
  loading = false,
}: HeroBannerProps) {
  const { i18n } = useLingui();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (loading) return <LoadingBanner />;
  const src = imageUrl && imageUrl !== failedUrl ? imageUrl : defaultHeroImage;
  const content = shownHeroContent(i18n, stored);
  const shown = content.visibility;
  const bullets = content.bullets.filter((b) => b.visible && b.text.trim() !== '');

  return (
    <Box bg="blue.0" py={{ base: 'xl', md: 64 }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Badge variant="light" size="lg" w="fit-content">
              {i18n._('Parent Advisory Council')}
            </Badge>
            {shown.title && content.title && (
              <Title order={1} fz={{ base: 32, md: 44 }} lh={1.15}>
                {content.title}
              </Title>
            )}
            {shown.description && content.description && (
              <Text size="lg" c="gray.7">
                {content.description}
              </Text>
            )}
            {(shown.primaryCta || shown.secondaryCta) && (
              <Group gap="sm">
                {shown.primaryCta && content.primaryCtaText && (
                  <HeroCta text={content.primaryCtaText} href={content.primaryCtaHref} primary />
                )}
                {shown.secondaryCta && content.secondaryCtaText && (
                  <HeroCta text={content.secondaryCtaText} href={content.secondaryCtaHref} primary={false} />
                )}
              </Group>
            )}
            {shown.bullets && bullets.length > 0 && (
              <List
                spacing="xs"
                icon={
                  <ThemeIcon size={20} radius="xl" color="teal">
                    <Check />
                  </ThemeIcon>
                }
              >
                {bullets.map((b, i) => (
                  <List.Item key={`${i}-${b.text}`}>{b.text}</List.Item>
                ))}
              </List>
            )}
          </Stack>
          <Box pos="relative">
            <img
              src={src}
              alt={i18n._('Parents and students together at a school event')}
              onError={() => {
                if (src !== defaultHeroImage) setFailedUrl(src);
              }}
              style={{
                width: '100%',
                height: 'auto',
                maxHeight: 420,
                objectFit: 'cover',
                borderRadius: 16,
                display: 'block',
              }}
            />
            {((shown.statPrimary && content.statPrimary) || (shown.statSecondary && content.statSecondary)) && (
              <Paper shadow="md" p="md" radius="md" pos="absolute" bottom={-16} left={16} maw={260}>
                {shown.statPrimary && content.statPrimary && (
                  <Text fw={800} fz={28} c="blue.7" lh={1.1}>
                    {content.statPrimary}
                  </Text>
                )}
                {shown.statSecondary && content.statSecondary && (
                  <Text size="sm" c="dimmed">
                    {content.statSecondary}
                  </Text>
                )}
              </Paper>
            )}
          </Box>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
