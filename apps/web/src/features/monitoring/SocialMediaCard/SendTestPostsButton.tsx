import { useLingui } from '@lingui/react';
import { Button, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { type SocialStatus, useSendTestPosts } from './useSocial';

export interface SendTestPostsButtonProps {
  /** Whether each platform is connected; undefined while it is being read. */
  status: SocialStatus | undefined;
  loading?: boolean;
  /** Where the button and its hint sit in their column. */
  align?: 'stretch' | 'flex-end';
}

/** Neither Facebook nor Instagram is connected (or the status is not known yet): no test post can go out. */
export function noPlatformConnected(status: SocialStatus | undefined): boolean {
  return !status?.facebook && !status?.instagram;
}

/**
 * 'Send Test Posts to Social Media', disabled while pending or when neither platform is connected
 * (SPEC.md section 2), with a hint saying why; the same on the Overview and on /monitoring.
 */
export function SendTestPostsButton({ status, loading = false, align = 'stretch' }: SendTestPostsButtonProps) {
  const { i18n } = useLingui();
  const { send, pending } = useSendTestPosts();
  const hintId = useId();
  const noneConnected = noPlatformConnected(status);
  const showHint = noneConnected && !loading;
  return (
    <Stack gap={4} align={align}>
      {/* The label may wrap: it is longer than a phone's width in some languages. */}
      <Button
        onClick={send}
        disabled={pending || noneConnected}
        aria-describedby={showHint ? hintId : undefined}
        h="auto"
        py={8}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      >
        {pending ? i18n._('Sending...') : i18n._('Send Test Posts to Social Media')}
      </Button>
      {showHint && (
        <Text size="xs" c="dimmed" id={hintId}>
          {i18n._('Connect Facebook or Instagram to send test posts.')}
        </Text>
      )}
    </Stack>
  );
}
