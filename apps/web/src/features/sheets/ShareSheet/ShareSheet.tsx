import { useLingui } from '@lingui/react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { ShareIcon } from '../../../components/Icons';
import { trpc } from '../../../trpc';
import { linkFieldStyle } from '../linkField';

export interface ShareSheetProps {
  sheetId: number;
  /** The sheet's title, which names the QR code for a screen reader. */
  title: string;
}

/** The QR code of a sheet's public link, an SVG the server draws (GET /api/signup-sheets/{id}/qr.svg). */
export function qrCodePath(sheetId: number): string {
  return `/api/signup-sheets/${sheetId}/qr.svg`;
}

/** The name a downloaded QR code is saved under. */
export function qrCodeFilename(sheetId: number): string {
  return `signup-sheet-${sheetId}-qr.svg`;
}

type CopyState = 'idle' | 'copied' | 'manual';

/** What the status line says after Copy link (catalog messages: shown through i18n._); nothing before. */
const copyStatus: Record<Exclude<CopyState, 'idle'>, string> = {
  copied: /*i18n*/ 'Link copied',
  manual: /*i18n*/ 'This browser did not let the page copy the link: it is selected above, copy it from there.',
};

/**
 * 'Share' on a sheet's page (API.md "Sharing a sheet"): opens a panel under the button with the
 * sheet's public link (PUBLIC_BASE_URL's, the one the QR code holds) to copy, and its QR code to
 * show or download for a flyer. A disclosure rather than a floating popover: it needs none of
 * Mantine's stylesheet beyond what a sheet page loads first, keeps its place at any width, and
 * the keyboard reaches it in reading order. Where the clipboard is out of reach (a page served
 * over plain HTTP, a refused permission) the link is selected in its field, to copy by hand.
 */
export function ShareSheet({ sheetId, title }: ShareSheetProps) {
  const { i18n } = useLingui();
  const [opened, setOpened] = useState(false);
  const [copyState, setCopyState] = useState<CopyState>('idle');
  const panelId = useId();
  const linkId = useId();
  const linkField = useRef<HTMLInputElement>(null);
  // Asked only once the panel opens: the sheet's first paint needs none of it.
  const link = trpc.sheets.shareLink.useQuery({ id: sheetId }, { enabled: opened });
  const url = link.data?.url ?? null;

  const toggle = () => {
    setOpened((open) => !open);
    setCopyState('idle');
  };

  const copy = async () => {
    if (url === null) return;
    try {
      // Absent outside a secure context; it rejects when the browser refuses.
      if (typeof navigator.clipboard?.writeText !== 'function') throw new Error('navigator.clipboard is missing');
      await navigator.clipboard.writeText(url);
      setCopyState('copied');
    } catch {
      setCopyState('manual');
      linkField.current?.focus();
      linkField.current?.select();
    }
  };

  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="light"
        leftSection={<ShareIcon />}
        aria-expanded={opened}
        aria-controls={opened ? panelId : undefined}
        onClick={toggle}
      >
        {i18n._('Share', undefined, { comment: "Button that opens a sheet's link and QR code to share" })}
      </Button>
      {opened && (
        <Paper
          id={panelId}
          withBorder
          radius="md"
          p="md"
          w="100%"
          maw={420}
          role="group"
          aria-label={i18n._('Share this sheet')}
        >
          <Stack gap="sm">
            <div>
              <Text component="label" htmlFor={linkId} size="sm" fw={600} display="block" mb={4}>
                {i18n._('Link to this sheet')}
              </Text>
              <input
                id={linkId}
                ref={linkField}
                type="text"
                readOnly
                value={url ?? ''}
                placeholder={link.isError ? '' : i18n._('Loading link…')}
                onFocus={(event) => event.currentTarget.select()}
                style={linkFieldStyle}
              />
            </div>
            {link.isError && (
              <Text size="sm" c="red.8">
                {i18n._('Could not load the link. Please try again later.')}
              </Text>
            )}
            <Group gap="sm">
              <Button size="sm" onClick={() => void copy()} disabled={url === null}>
                {i18n._('Copy link')}
              </Button>
              <Button
                size="sm"
                variant="default"
                component="a"
                href={qrCodePath(sheetId)}
                download={qrCodeFilename(sheetId)}
              >
                {i18n._('Download QR code')}
              </Button>
            </Group>
            <Text size="sm" c={copyState === 'copied' ? 'green.9' : 'gray.8'} role="status" aria-live="polite">
              {copyState === 'idle' ? '' : i18n._(copyStatus[copyState])}
            </Text>
            <img
              src={qrCodePath(sheetId)}
              alt={i18n._('QR code of the link to {title}', { title })}
              width={160}
              height={160}
              style={{ display: 'block' }}
            />
            <Text size="xs" c="gray.7">
              {i18n._('Print the QR code on a flyer: a phone camera opens this sheet from it.')}
            </Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
