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
          label="Hero image"
          placeholder="Choose an image"
          description="JPG, PNG, WebP, max 5MB"
          accept={acceptedImageTypes}
          clearable
          value={file}
          error={problem}
          disabled={uploading}
          onChange={setFile}
        />
        {preview && <Image src={preview} alt="Preview of the new hero image" radius="md" mah={240} fit="contain" />}
        <Group justify="flex-end" mt="sm">
          <Button
            variant="default"
            disabled={uploading}
            onClick={() => {
              setFile(null);
              onCancel();
            }}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={!file || problem !== null || uploading}>
            {uploading ? 'Uploading...' : 'Upload Image'}
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
  const utils = trpc.useUtils();
  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(uploadPaths.heroImage, 'heroImage', file),
    onSuccess: () => {
      onClose();
      notifySuccess('Hero Image Updated', 'The home page now shows the new hero image.');
    },
    onError: (error) =>
      notifyFailureText('Update Failed', error.message || 'Failed to update the hero image. Please try again.'),
    onSettled: () => utils.settings.getPublic.invalidate({ key: 'heroImageUrl' }),
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Update Hero Image">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The image beside the text at the top of the home page. A wide photo works best.
        </Text>
        <HeroImageForm uploading={upload.isPending} onCancel={onClose} onUpload={(file) => upload.mutate(file)} />
      </Stack>
    </Modal>
  );
}
