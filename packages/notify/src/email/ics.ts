import { writeCalendar } from '../ical/ical';

export { escapeText, foldLine } from '../ical/ical';

/** The event of a signup confirmation's .ics attachment. */
export type IcsAttachmentEvent = {
  uid: string;
  title: string;
  description?: string | null;
  start: Date;
  end?: Date | null;
  location?: string | null;
  organizerName?: string;
  organizerEmail?: string;
  url?: string;
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * An RFC 5545 calendar (METHOD:PUBLISH) holding one event, written by the shared iCalendar writer.
 * A missing end, or one that is not after the start, becomes one hour after the start. Throws a
 * RangeError when the start is not a valid date.
 */
export function buildIcs(event: IcsAttachmentEvent): string {
  return buildIcsEvents([event]);
}

/**
 * An RFC 5545 calendar (METHOD:PUBLISH) holding one event per entry: a signup of several slots
 * sends one attachment with an event per slot. Each event as `buildIcs` writes it.
 */
export function buildIcsEvents(events: readonly IcsAttachmentEvent[]): string {
  return writeCalendar({
    stamp: new Date(),
    events: events.map((event) => {
      if (Number.isNaN(event.start.getTime())) {
        throw new RangeError('The event start is not a valid date.');
      }
      const end =
        event.end && !Number.isNaN(event.end.getTime()) && event.end.getTime() > event.start.getTime()
          ? event.end
          : new Date(event.start.getTime() + HOUR_MS);
      const { organizerName, organizerEmail } = event;
      return {
        uid: event.uid,
        start: event.start,
        end,
        summary: event.title,
        description: event.description,
        location: event.location,
        organizer: organizerEmail ? { name: organizerName ?? '', email: organizerEmail } : null,
        url: event.url,
      };
    }),
  });
}
