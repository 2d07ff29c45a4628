// Loaded when first opened, with the part of Mantine's stylesheet that its modal and fields use.
import '../../../styles/mantine-rest.css';
import { useLingui } from '@lingui/react';
import { Modal } from '@mantine/core';
import type { HeroContent } from '@pac/validators';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { HeroContentForm } from './HeroContentForm';

export interface HeroContentDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The content now shown on the home page. */
  content: HeroContent;
}

/** The 'Edit Hero Banner Content' dialog: saves the text, which the home page then shows. */
export function HeroContentDialog({ opened, onClose, content }: HeroContentDialogProps) {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const update = trpc.settings.updateHeroContent.useMutation({
    onSuccess: (saved) => {
      utils.settings.heroContent.setData(undefined, saved);
      onClose();
      notifySuccess(i18n._('Hero Content Updated'), i18n._('The home page banner has been updated.'));
    },
    onError: (error) =>
      notifyFailure(i18n._('Update Failed'), error, i18n._('Failed to update the hero content. Please try again.')),
    onSettled: () => utils.settings.heroContent.invalidate(),
  });

  return (
    <Modal opened={opened} onClose={onClose} title={i18n._('Edit Hero Banner Content')} size="xl">
      <HeroContentForm
        content={content}
        submitting={update.isPending}
        onCancel={onClose}
        onSubmit={(input) => update.mutate(input)}
      />
    </Modal>
  );
}
