import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Button, Card, FileInput, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyFailureText, notifySuccess } from '../../../lib/notify';
import { acceptedImageTypes, imageFileProblem, uploadImage, uploadPaths } from '../../../lib/uploads';
import { trpc } from '../../../trpc';

/** Shown when there is no logo, or it cannot be loaded. */
export const logoPlaceholder = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><rect width="120" height="120" rx="12" fill="#f1f3f5"/><text x="60" y="66" font-family="sans-serif" font-size="16" text-anchor="middle" fill="#868e96">PAC logo</text></svg>',
)}`;

/** The answer's sentence, when the upload route gave one. */
function answerMessage(i18n: I18n, answer: Record<string, unknown>): string {
  return typeof answer.message === 'string' && answer.message !== ''
    ? answer.message
    : i18n._('The logo has been uploaded.');
}

/** The PAC logo used for Instagram posts instead of the default school image. */
export function LogoUpload() {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const logo = trpc.settings.logoUrl.useQuery();
  const [file, setFile] = useState<File | null>(null);
  const problem = file ? imageFileProblem(file) : null;

  const upload = useMutation({
    mutationFn: (chosen: File) => uploadImage(uploadPaths.logo, 'logo', chosen),
    onSuccess: (answer) => {
      setFile(null);
      notifySuccess(i18n._('Logo Uploaded'), answerMessage(i18n, answer));
    },
    onError: (error) =>
      notifyFailureText(
        i18n._('Upload failed'),
        error.message || i18n._('Failed to upload the logo. Please try again.'),
      ),
    onSettled: () => utils.settings.logoUrl.invalidate(),
  });

  const src = logo.data?.hasLogo && logo.data.logoUrl ? logo.data.logoUrl : logoPlaceholder;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="logo-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="logo-title">
            {i18n._('PAC Logo for Instagram Posts')}
          </Title>
          <Text size="sm" c="dimmed">
            {i18n._(
              'Instagram posts use this logo instead of the default school image. A square 1080x1080 image is recommended.',
            )}
          </Text>
        </div>
        <Group align="flex-start" gap="lg">
          <Image
            src={src}
            fallbackSrc={logoPlaceholder}
            alt={logo.data?.hasLogo ? i18n._('Current PAC logo') : i18n._('No PAC logo uploaded yet')}
            w={120}
            h={120}
            radius="md"
            fit="cover"
          />
          <Stack gap="sm" style={{ flex: 1, minWidth: 220 }}>
            <Text size="sm">
              {logo.data?.hasLogo ? i18n._('A custom logo is set.') : i18n._('No logo uploaded yet.')}
            </Text>
            <FileInput
              label={i18n._('Logo image')}
              placeholder={i18n._('Choose an image')}
              description={i18n._('JPG, PNG, WebP, max 5MB')}
              accept={acceptedImageTypes}
              clearable
              value={file}
              error={problem === null ? null : i18n._(problem)}
              disabled={upload.isPending}
              onChange={setFile}
            />
            <Button
              style={{ alignSelf: 'flex-start' }}
              disabled={!file || problem !== null || upload.isPending}
              onClick={() => {
                if (file && !problem) upload.mutate(file);
              }}
            >
              {upload.isPending ? i18n._('Uploading...') : i18n._('Upload Logo')}
            </Button>
          </Stack>
        </Group>
      </Stack>
    </Card>
  );
}
