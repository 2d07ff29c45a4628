import { useLingui } from '@lingui/react';
import { Fieldset, SimpleGrid, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { MonitorField, MonitorFormValues } from './monitorFormValues';

/**
 * Which changes are announced (the future-events filter), where (the four channel switches), and
 * whether Facebook and Instagram posts wait for an admin's approval: a switch that means something
 * only while one of the two is on, and is disabled otherwise.
 */
export function AnnounceFields({ form }: { form: UseFormReturnType<MonitorFormValues> }) {
  const { i18n } = useLingui();
  const checkbox = (field: MonitorField) => form.getInputProps(field, { type: 'checkbox' });
  const posts = form.values.facebookPosts || form.values.instagramPosts;
  return (
    <>
      <Switch
        label={i18n._('Only announce future events')}
        description={i18n._('Leave out changes that only concern dates already past.')}
        {...checkbox('filterFutureEvents')}
      />
      <Fieldset legend={i18n._('Announce changes by')} variant="filled">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Switch
            label={i18n._('Email', undefined, { comment: 'A switch: announce changes by email' })}
            {...checkbox('emailNotifications')}
          />
          <Switch label={i18n._('Internal posts')} {...checkbox('internalPosts')} />
          <Switch label="Facebook" {...checkbox('facebookPosts')} />
          <Switch label="Instagram" {...checkbox('instagramPosts')} />
        </SimpleGrid>
        <Switch
          mt="md"
          label={i18n._('Post without approval')}
          description={i18n._(
            'Facebook and Instagram posts go out as soon as a change is found, without waiting for an admin.',
          )}
          disabled={!posts}
          {...checkbox('autoApprove')}
        />
      </Fieldset>
    </>
  );
}
