import { useLingui } from '@lingui/react';
import { Alert, Button, Card, Group, List, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { deleteAccountSchema } from '@pac/validators';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorField, serverMessage } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schemaForm';
import { useCurrentUser } from '../../../lib/session/useCurrentUser';
import { trpc } from '../../../trpc';
import { passwordToggleProps } from '../NewPasswordFields';

/**
 * What deleting an account does (API.md "Privacy"), said before the person decides; each line
 * translated where shown: `i18n._(line)`.
 */
export const deleteAccountConsequences = [
  /*i18n*/ 'Your account ends, and you are signed out everywhere.',
  /*i18n*/ 'Your signups stay counted for the organizers, but without your name, email or phone.',
  /*i18n*/ 'Your volunteer hours leave with you: nothing keeps them under your name.',
  /*i18n*/ 'PAC Hub stops sending you emails.',
] as const;

interface DeleteAccountFormProps {
  /** Sends the password; `onError` gets the server's refusal. */
  onDelete: (password: string, onError: (error: unknown) => void) => void;
  onCancel: () => void;
  pending: boolean;
}

/** Asks the password again; a refusal shows on the field, or above the buttons. */
function DeleteAccountForm({ onDelete, onCancel, pending }: DeleteAccountFormProps) {
  const { i18n } = useLingui();
  const [failure, setFailure] = useState<string | null>(null);
  const { form, onSubmit, showFieldErrors } = useSchemaForm({
    initialValues: { password: '' },
    schema: deleteAccountSchema,
  });
  const refused = (error: unknown) => {
    const message = serverMessage(error);
    if (errorField(error) === 'password' && message !== null) showFieldErrors({ password: message });
    else setFailure(message ?? i18n._('Failed to delete your account. Please try again.'));
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit((parsed) => {
        setFailure(null);
        onDelete(parsed.password, refused);
      })}
    >
      <Stack gap="sm">
        <Text size="sm">
          {i18n._(
            'Your account and your sign-in end for good. Your signups stay counted, without your name, email or phone. This cannot be undone.',
          )}
        </Text>
        <PasswordInput
          label={i18n._('Password')}
          description={i18n._('Enter your password to confirm it is you')}
          autoComplete="current-password"
          withAsterisk
          data-autofocus
          visibilityToggleButtonProps={passwordToggleProps(i18n)}
          {...form.getInputProps('password')}
          // Mantine's PasswordInput leaves aria-invalid off its input: screen readers, and the focus
          // moving to the first invalid field, need it.
          aria-invalid={form.errors.password ? true : undefined}
        />
        {failure !== null && (
          <Alert color="red" role="alert" title={i18n._('Your account was not deleted')}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {i18n._('Keep my account')}
          </Button>
          <Button type="submit" color="red" loading={pending}>
            {i18n._('Delete my account')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The danger zone of the signed-in person's own profile: what deleting the account does, and
 * 'Delete my account', which asks for the password in a dialog. On success the session is gone,
 * the person is told so and lands on the home page.
 */
export function DeleteAccountCard() {
  const { i18n } = useLingui();
  const { setUser } = useCurrentUser();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);

  // Once the account is gone the server has ended the session. This browser forgets the user too
  // (as signing out does) and what it had loaded of them, but only once the profile has been left
  // (this card goes with it): the navigation renders as a transition, and a profile still on
  // screen without a session would ask the server for itself again and be refused.
  const deleted = useRef(false);
  useEffect(
    () => () => {
      if (!deleted.current) return;
      setUser(null);
      utils.auth.me.setData(undefined, null);
      for (const procedure of [trpc.privacy.exportMine, trpc.auth.profile]) {
        queryClient.removeQueries({ queryKey: getQueryKey(procedure) });
      }
    },
    [setUser, utils, queryClient],
  );

  const remove = trpc.privacy.deleteAccount.useMutation({
    onSuccess: () => {
      deleted.current = true;
      notifySuccess(i18n._('Account Deleted'), i18n._('Your account has been deleted.'));
      void navigate('/', { replace: true });
    },
  });
  // Not dismissed while the deletion is under way: its answer decides what happens next.
  const close = () => {
    if (!remove.isPending) setAsking(false);
  };

  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="delete-account-title"
      style={{ borderColor: 'var(--mantine-color-red-4)' }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="delete-account-title">
          {i18n._('Delete Account')}
        </Title>
        <Text size="sm">{i18n._('Deleting your account cannot be undone:')}</Text>
        <List size="sm" spacing={4}>
          {deleteAccountConsequences.map((line) => (
            <List.Item key={line}>{i18n._(line)}</List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          {i18n._('You may want to download your data first.')}
        </Text>
        <Group>
          <Button color="red" variant="outline" onClick={() => setAsking(true)}>
            {i18n._('Delete my account')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={asking} onClose={close} title={i18n._('Delete Account')}>
        <DeleteAccountForm
          pending={remove.isPending}
          onCancel={close}
          onDelete={(password, onError) => remove.mutate({ password }, { onError })}
        />
      </Modal>
    </Card>
  );
}
