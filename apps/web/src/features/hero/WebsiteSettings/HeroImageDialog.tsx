// Loaded when first opened, with the part of Mantine's stylesheet that its modal and fields use.
import '../../../styles/mantine-rest.css';
import { useLingui } from '@lingui/react';
import { Button, FileInput, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { notifyFailureText, notifySuccess } from '../../../lib/notify';
import { acceptedImageTypes, imageFileProblem, uploadImage, uploadPaths } from '../../../lib/uploads';
import { trpc } from '../../../trpc';

/**
 * The chosen file and a preview URL for it; the URL is released when the file changes and when
 * the form goes away.
 */
function useChosenImage(): [File | null, string | null, (file: File | null) => void] {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const choose = (next: File | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    const url = next && imageFileProblem(next) === null ? URL.createObjectURL(next) : null;
    previewRef.current = url;
    setFile(next);
    setPreview(url);
  };
  return [file, preview, choose];
}

export interface HeroImageFormProps {
  onUpload: (file: File) => void;
  onCancel: () => void;
  uploading?: boolean;
}

/** Picks an image (checked for type and size here; the server checks the bytes) and previews it. */
export function HeroImageForm({ onUpload, onCancel, uploading = false }: HeroImageFormProps) {
  const { i18n } = useLingui();
  const [file, preview, setFile] = useChosenImage();
  const problem = file ? imageFileProblem(file) : null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (file && !problem) onUpload(file);
      }}
    >
      <Stack gap="sm">
        <FileInput
          label={i18n._('Hero image')}
          placeholder={i18n._('Choose an image')}
          description={i18n._('JPG, PNG, WebP, max 5MB')}
          accept={acceptedImageTypes}
          clearable
          value={file}
          error={problem === null ? null : i18n._(problem)}
          disabled={uploading}
          onChange={setFile}
        />
        {preview && (
          <Image src={preview} alt={i18n._('Preview of the new hero image')} radius="md" mah={240} fit="contain" />
        )}
        <Group justify="flex-end" mt="sm">
          <Button
            variant="default"
            disabled={uploading}
            onClick={() => {
              setFile(null);
              onCancel();
            }}
          >
            {i18n._('Cancel')}
          </Button>
          <Button type="submit" disabled={!file || problem !== null || uploading}>
            {uploading ? i18n._('Uploading...') : i18n._('Upload Image')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface HeroImageDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The 'Update Hero Image' dialog: uploads the image, which the home page then shows. */
export function HeroImageDialog({ opened, onClose }: HeroImageDialogProps) {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(uploadPaths.heroImage, 'heroImage', file),
    onSuccess: () => {
      onClose();
      notifySuccess(i18n._('Hero Image Updated'), i18n._('The home page now shows the new hero image.'));
    },
    // The server's sentence, else ours.
    onError: (error) =>
      notifyFailureText(
        i18n._('Update Failed'),
        error.message || i18n._('Failed to update the hero image. Please try again.'),
      ),
    onSettled: () => utils.settings.getPublic.invalidate({ key: 'heroImageUrl' }),
  });

  return (
    <Modal opened={opened} onClose={onClose} title={i18n._('Update Hero Image')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {i18n._('The image beside the text at the top of the home page. A wide photo works best.')}
        </Text>
        <HeroImageForm uploading={upload.isPending} onCancel={onClose} onUpload={(file) => upload.mutate(file)} />
      </Stack>
    </Modal>
  );
}
