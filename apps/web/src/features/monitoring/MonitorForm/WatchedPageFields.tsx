import { Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { monitorLimits } from '@pac/validators';
import type { MonitorFormValues } from './monitorFormValues';

const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** What to watch: the monitor's name, the page's URL, and the CSS selectors to watch and to leave out. */
export function WatchedPageFields({ form }: { form: UseFormReturnType<MonitorFormValues> }) {
  return (
    <>
      <TextInput
        label="Name"
        required
        data-autofocus
        maxLength={monitorLimits.nameMax}
        {...form.getInputProps('name')}
      />
      <TextInput
        label="URL"
        type="url"
        required
        placeholder="https://www.your-district.org/news"
        description="A page on the approved school-district domain or one of its subdomains."
        {...form.getInputProps('url')}
      />
      <Textarea
        label="CSS Selectors"
        required
        autosize
        minRows={2}
        maxRows={6}
        description="The parts of the page to watch, one per line (for example main or .news-list)."
        styles={monospace}
        {...form.getInputProps('selectors')}
      />
      <Textarea
        label="Ignore Selectors"
        autosize
        minRows={1}
        maxRows={6}
        description="Parts inside those to leave out, one per line (a clock, a carousel, a weather widget)."
        styles={monospace}
        {...form.getInputProps('ignoreSelectors')}
      />
    </>
  );
}
