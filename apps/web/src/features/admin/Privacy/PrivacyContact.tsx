import { Trans, useLingui } from '@lingui/react';
import { Anchor, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { settingWriteSchema } from '@pac/validators';
import { Link } from 'react-router-dom';
import { LoadingRows, QueryState } from '../../../components/QueryState';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schemaForm';
import { trpc } from '../../../trpc';

/** The privacy contact's form, filled with the saved address; validated as the server validates the setting. */
function PrivacyContactForm({ initial }: { initial: string | null }) {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const { form, onSubmit } = useSchemaForm({
    initialValues: { value: initial ?? '' },
    schema: settingWriteSchema,
    toInput: (values) => ({ key: 'privacyContact', value: values.value }),
  });
  const save = trpc.settings.set.useMutation({
    onSuccess: (answer) => {
      const saved = 'value' in answer ? answer.value : null;
      if (saved !== null) form.setValues({ value: saved });
      notifySuccess(
        i18n._('Privacy Contact Updated'),
        saved === null
          ? i18n._('The privacy policy now shows the new address.')
          : i18n._('The privacy policy now shows {email}.', { email: saved }),
      );
    },
    onError: (error) =>
      notifyFailure(i18n._('Update Failed'), error, i18n._('Failed to update the privacy contact. Please try again.')),
    onSettled: () =>
      Promise.all([
        utils.settings.get.invalidate({ key: 'privacyContact' }),
        utils.settings.getPublic.invalidate({ key: 'privacyContact' }),
        utils.privacy.policy.invalidate(),
      ]),
  });
  return (
    <form
      onSubmit={onSubmit((parsed) => {
        if (parsed.key === 'privacyContact') save.mutate(parsed);
      })}
      noValidate
      style={{ maxWidth: '28rem' }}
    >
      <Stack gap="sm" align="flex-start">
        <TextInput
          label={i18n._('Privacy contact email')}
          name="privacyContact"
          type="email"
          autoComplete="off"
          placeholder="privacy@example.org"
          w="100%"
          {...form.getInputProps('value')}
        />
        <Button type="submit" loading={save.isPending}>
          {i18n._('Save')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The 'Privacy contact' setting (administrators): the address people write to about their data,
 * shown on the privacy policy page.
 */
export function PrivacyContact() {
  const { i18n } = useLingui();
  const current = trpc.settings.get.useQuery({ key: 'privacyContact' });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="privacy-contact-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="privacy-contact-title">
            {i18n._('Privacy contact')}
          </Title>
          <Text size="sm" c="dimmed">
            <Trans
              id="The email address people write to about their data. It is shown on the <0>privacy policy</0> page; until one is set, the page tells people to contact the PAC through the school."
              components={{ 0: <Anchor component={Link} to="/privacy-policy" inherit underline="always" /> }}
            />
          </Text>
        </div>
        <QueryState
          query={current}
          loading={<LoadingRows rows={1} height={56} label={i18n._('Loading the privacy contact')} />}
          failed={i18n._('Could not load the privacy contact')}
          onRetry={() => void current.refetch()}
        >
          {(setting) => <PrivacyContactForm initial={('value' in setting ? setting.value : null) ?? null} />}
        </QueryState>
      </Stack>
    </Card>
  );
}
