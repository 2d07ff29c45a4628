import { useLingui } from '@lingui/react';
import { Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { monitorLimits } from '@pac/validators';
import type { MonitorFormValues } from './monitorFormValues';

const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** What to watch: the monitor's name, the page's URL, and the CSS selectors to watch and to leave out. */
export function WatchedPageFields({ form }: { form: UseFormReturnType<MonitorFormValues> }) {
  const { i18n } = useLingui();
  return (
    <>
      <TextInput
        label={i18n._('Name', undefined, { comment: "A website monitor's name" })}
        required
        data-autofocus
        maxLength={monitorLimits.nameMax}
        {...form.getInputProps('name')}
      />
      <TextInput
        label={i18n._('URL')}
        type="url"
        required
        placeholder="https://www.your-district.org/news"
        description={i18n._('A page on the approved school-district domain or one of its subdomains.')}
        {...form.getInputProps('url')}
      />
      <Textarea
        label={i18n._('CSS Selectors')}
        required
        autosize
        minRows={2}
        maxRows={6}
        description={i18n._('The parts of the page to watch, one per line (for example main or .news-list).')}
        styles={monospace}
        {...form.getInputProps('selectors')}
      />
      <Textarea
        label={i18n._('Ignore Selectors')}
        autosize
        minRows={1}
        maxRows={6}
        description={i18n._('Parts inside those to leave out, one per line (a clock, a carousel, a weather widget).')}
        styles={monospace}
        {...form.getInputProps('ignoreSelectors')}
      />
    </>
  );
}
