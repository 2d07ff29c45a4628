import { useLingui } from '@lingui/react';
import { NumberInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { monitorLimits } from '@pac/validators';
import type { MonitorFormValues } from './monitorFormValues';

/** How often the page is checked, in whole minutes; out-of-range values stay as typed for the schema to refuse. */
export function ScheduleField({ form }: { form: UseFormReturnType<MonitorFormValues> }) {
  const { i18n } = useLingui();
  return (
    <NumberInput
      label={i18n._('Check every (minutes)')}
      required
      min={monitorLimits.scheduleMin}
      max={monitorLimits.scheduleMax}
      step={5}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      description={i18n._('From 5 minutes to once a day (1440).')}
      {...form.getInputProps('scheduleMinutes')}
    />
  );
}
