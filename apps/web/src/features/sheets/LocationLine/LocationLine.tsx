import { useLingui } from '@lingui/react';
import { Anchor, Group, Text } from '@mantine/core';
import { MapPinIcon } from '../../../components/Icons';
import { mapUrl } from '../location';

export interface LocationLineProps {
  location: string;
  /** The text's size: 'sm' on a slot's card, the page's own size under a sheet's title. */
  size?: 'sm' | 'md';
  /** Leaves out the map link (the printed roster). */
  withMap?: boolean;
}

/** Where something happens: a pin, the location, and a link that opens it on a map (in a new tab). */
export function LocationLine({ location, size = 'md', withMap = true }: LocationLineProps) {
  const { i18n } = useLingui();
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" c="dimmed">
      <MapPinIcon style={{ flexShrink: 0, marginTop: size === 'sm' ? 2 : 4 }} />
      <Text size={size} c="gray.7" miw={0} style={{ overflowWrap: 'anywhere' }}>
        <span>{location}</span>
        {withMap && (
          <>
            {' · '}
            <Anchor
              href={mapUrl(location)}
              target="_blank"
              rel="noopener noreferrer"
              size={size}
              // Underlined: told apart from the text around it by more than its colour (axe link-in-text-block).
              underline="always"
              aria-label={i18n._('Map of {location} (opens in a new tab)', { location })}
            >
              {i18n._('Map', undefined, { comment: 'Link that opens a location on a map' })}
            </Anchor>
          </>
        )}
      </Text>
    </Group>
  );
}
