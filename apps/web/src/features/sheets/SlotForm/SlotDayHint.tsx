import { Alert } from '@mantine/core';
import { CalendarIcon } from '../../../components/Icons';
import { fromDateTimeLocal } from '../../../lib/dates';
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
  const hint = slotDayHint(fromDateTimeLocal(startTime), fromDateTimeLocal(endTime), eventDate);
  if (hint === null) return null;
  return (
    <Alert role="status" color="yellow" variant="light" p="xs" icon={<CalendarIcon />}>
      {hint}
    </Alert>
  );
}
