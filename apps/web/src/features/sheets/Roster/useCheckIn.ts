import { useLingui } from '@lingui/react';
import { useRef } from 'react';
import { notifyFailure } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { findVolunteer, type RosterVolunteer, withCheckIn } from './rosterData';

type CheckIn = Pick<RosterVolunteer, 'attended' | 'checkedInAt'>;

/**
 * Checking volunteers in on a phone at the door: the roster shows the change at once (optimistic),
 * the server's answer then replaces it, and a failure puts that volunteer back as they were, with a
 * toast. Taps on one volunteer that overlap are settled by the latest: an older answer or failure
 * does not undo a newer tap.
 */
export function useCheckIn(sheetId: number) {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const latest = useRef(new Map<number, number>());
  const input = { sheetId };

  const mutation = trpc.roster.checkIn.useMutation({
    // The schema's id input also takes a decimal string (REST paths), so its type is unknown here.
    onMutate: async ({ id: rawId, attended }) => {
      const id = Number(rawId);
      const tap = (latest.current.get(id) ?? 0) + 1;
      latest.current.set(id, tap);
      // A roster fetch still on its way would overwrite the change when it lands.
      await utils.roster.get.cancel(input);
      const found = findVolunteer(utils.roster.get.getData(input), id);
      const previous: CheckIn | null = found ? { attended: found.attended, checkedInAt: found.checkedInAt } : null;
      utils.roster.get.setData(input, (old) =>
        old ? withCheckIn(old, id, { attended, checkedInAt: attended === null ? null : new Date() }) : old,
      );
      return { tap, previous };
    },
    onSuccess: (entry, { id: rawId }, context) => {
      const id = Number(rawId);
      if (latest.current.get(id) !== context.tap) return;
      utils.roster.get.setData(input, (old) =>
        old ? withCheckIn(old, id, { attended: entry.attended, checkedInAt: entry.checkedInAt }) : old,
      );
    },
    onError: (error, { id: rawId }, context) => {
      const id = Number(rawId);
      const previous = context?.previous;
      if (context && previous && latest.current.get(id) === context.tap) {
        utils.roster.get.setData(input, (old) => (old ? withCheckIn(old, id, previous) : old));
      }
      notifyFailure(i18n._('Check-in Failed'), error, i18n._('The check-in was not saved. Please try again.'));
    },
    onSettled: async () => {
      // Hours and the sheet page's view of its volunteers follow check-ins (refetched when next shown).
      await Promise.all([
        utils.sheets.byId.invalidate({ id: sheetId }),
        utils.auth.profile.invalidate(),
        utils.stats.get.invalidate(),
      ]);
    },
  });

  return {
    /** Marks the volunteer as attended, or clears their check-in. */
    toggle: (volunteer: Pick<RosterVolunteer, 'id' | 'attended'>) =>
      mutation.mutate({ id: volunteer.id, attended: volunteer.attended === true ? null : true }),
  };
}
