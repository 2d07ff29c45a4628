import { Fieldset, SimpleGrid, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { MonitorField, MonitorFormValues } from './monitorFormValues';

/** Which changes are announced (the future-events filter) and where: the four channel switches. */
export function AnnounceFields({ form }: { form: UseFormReturnType<MonitorFormValues> }) {
  const checkbox = (field: MonitorField) => form.getInputProps(field, { type: 'checkbox' });
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
      </Fieldset>
    </>
  );
}
