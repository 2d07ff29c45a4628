import { Fieldset, SimpleGrid, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { MonitorField, MonitorFormValues } from './monitorFormValues';

/**
 * Which changes are announced (the future-events filter), where (the four channel switches), and
 * whether Facebook and Instagram posts wait for an admin's approval: a switch that means something
 * only while one of the two is on, and is disabled otherwise.
 */
export function AnnounceFields({ form }: { form: UseFormReturnType<MonitorFormValues> }) {
  const checkbox = (field: MonitorField) => form.getInputProps(field, { type: 'checkbox' });
  const posts = form.values.facebookPosts || form.values.instagramPosts;
  return (
    <>
      <Switch
        label="Only announce future events"
        description="Leave out changes that only concern dates already past."
        {...checkbox('filterFutureEvents')}
      />
      <Fieldset legend="Announce changes by" variant="filled">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Switch label="Email" {...checkbox('emailNotifications')} />
          <Switch label="Internal posts" {...checkbox('internalPosts')} />
          <Switch label="Facebook" {...checkbox('facebookPosts')} />
          <Switch label="Instagram" {...checkbox('instagramPosts')} />
        </SimpleGrid>
        <Switch
          mt="md"
          label="Post without approval"
          description="Facebook and Instagram posts go out as soon as a change is found, without waiting for an admin."
          disabled={!posts}
          {...checkbox('autoApprove')}
        />
      </Fieldset>
    </>
  );
}
