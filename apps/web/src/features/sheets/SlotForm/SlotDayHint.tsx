import { useLingui } from '@lingui/react';
import { Alert } from '@mantine/core';
import { CalendarIcon } from '../../../components/Icons';
import { fromDateTimeLocal } from '../../../lib/dates';
import { useLanguage } from '../../../lib/language';
import { slotDayHint } from '../dashboard';

export interface SlotDayHintProps {
  /** The form's start and end: datetime-local values, '' when not set. */
  startTime: string;
  endTime: string;
  eventDate: Date;
}

/**
 * A hint under a slot's times when they fall on another day than the event, e.g. a typo in the
 * date. It never blocks saving: a slot may rightly end after midnight or be set up the day before.
 */
export function SlotDayHint({ startTime, endTime, eventDate }: SlotDayHintProps) {
  const { i18n } = useLingui();
  const { language } = useLanguage();
  const hint = slotDayHint(i18n, fromDateTimeLocal(startTime), fromDateTimeLocal(endTime), eventDate, language);
  if (hint === null) return null;
  return (
    <Alert role="status" color="yellow" variant="light" p="xs" icon={<CalendarIcon />}>
      {hint}
    </Alert>
  );
}
