import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback, useState } from 'react';
import { apiIssues, errorReason } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';
import type { Announcement, DraftEdits } from './announcements';

/** The admin's announcements, every status, newest first: the drafts and the recent decisions share this one query. */
export function useAnnouncementList() {
  return trpc.announcements.list.useQuery();
}

/**
 * Refreshes what a decision affects: the announcements (the drafts, the decisions, the public
 * school news) and the notification history, which an approval fills with its posts.
 */
export function useRefreshAnnouncements(): () => Promise<void> {
  const utils = trpc.useUtils();
  return useCallback(async () => {
    await Promise.all([utils.announcements.invalidate(), utils.monitoring.notifications.invalidate()]);
  }, [utils]);
}

/** Which of a draft's actions is under way. */
export type DraftAction = 'save' | 'approve' | 'reject';

/** A refused edit that belongs on one of the draft's fields. */
export type DraftFieldError = (field: keyof DraftEdits, message: string) => void;

export interface DraftActions {
  /** Saves the text and description on screen; true once saved. */
  save: (edits: DraftEdits) => Promise<boolean>;
  /** Saves the text and description on screen, then approves them: what the admin sees is what is posted. */
  approve: (edits: DraftEdits) => Promise<void>;
  /** Rejects the draft with an optional reason; true once rejected. */
  reject: (reason: string) => Promise<boolean>;
  pending: DraftAction | null;
}

const isDraftField = (field: string): field is keyof DraftEdits => field === 'text' || field === 'imageAlt';

/**
 * A refusal as the admin reads it: a draft someone else decided first says so (and the refresh
 * takes it off the list), a refused field shows on that field, anything else in a red toast.
 */
function reportFailure(
  i18n: I18n,
  error: unknown,
  title: string,
  fallback: string,
  onFieldError: DraftFieldError,
): void {
  if (errorReason(error) === 'alreadyDecided') {
    notifyFailure(i18n._('Already Decided'), error, i18n._('Someone else decided this announcement first.'));
    return;
  }
  const issue = apiIssues(error).find((i) => isDraftField(i.path.split('.')[0] ?? ''));
  const field = issue?.path.split('.')[0] ?? '';
  if (issue && isDraftField(field)) {
    onFieldError(field, issue.message);
    return;
  }
  notifyFailure(title, error, fallback);
}

/**
 * Save, approve and reject for one draft, each with its toast; every outcome refreshes the list.
 * `onDecided` runs once the draft is approved or rejected (by this admin or, as a 409 shows,
 * by another), as it leaves the list.
 */
export function useDraftActions(
  draft: Announcement,
  { onDecided, onFieldError }: { onDecided: () => void; onFieldError: DraftFieldError },
): DraftActions {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const refresh = useRefreshAnnouncements();
  const [pending, setPending] = useState<DraftAction | null>(null);
  const update = trpc.announcements.update.useMutation();
  const approve = trpc.announcements.approve.useMutation();
  const reject = trpc.announcements.reject.useMutation();
  const name = draft.monitorName;

  /** Sends the edits and puts the saved draft in the list at once (the refresh follows). */
  const send = async (edits: DraftEdits) => {
    const saved = await update.mutateAsync({ id: draft.id, text: edits.text, imageAlt: edits.imageAlt });
    utils.announcements.list.setData(undefined, (list) => list?.map((a) => (a.id === saved.id ? saved : a)));
  };

  /** Runs one action: marks it pending, reports a refusal, and refreshes the list whatever happened. */
  const run = async (action: DraftAction, work: () => Promise<void>, failure: [string, string]) => {
    setPending(action);
    try {
      await work();
      return true;
    } catch (error) {
      reportFailure(i18n, error, failure[0], failure[1], onFieldError);
      if (errorReason(error) === 'alreadyDecided') onDecided();
      return false;
    } finally {
      setPending(null);
      await refresh();
    }
  };

  return {
    pending,
    save: (edits) =>
      run(
        'save',
        async () => {
          await send(edits);
          notifySuccess(
            i18n._('Announcement Saved'),
            i18n._('Your changes to the {name} announcement were saved.', { name }),
          );
        },
        [i18n._('Save Failed'), i18n._('The changes could not be saved. Please try again.')],
      ),
    approve: async (edits) => {
      await run(
        'approve',
        async () => {
          await send(edits);
          await approve.mutateAsync({ id: draft.id });
          notifySuccess(
            i18n._('Announcement Approved'),
            i18n._('The {name} announcement will be posted shortly.', { name }),
          );
          onDecided();
        },
        [i18n._('Approval Failed'), i18n._('The announcement could not be approved. Please try again.')],
      );
    },
    reject: (reason) =>
      run(
        'reject',
        async () => {
          const trimmed = reason.trim();
          await reject.mutateAsync({ id: draft.id, ...(trimmed === '' ? {} : { reason: trimmed }) });
          notifySuccess(
            i18n._('Announcement Rejected'),
            i18n._('The {name} announcement will not be posted.', { name }),
          );
          onDecided();
        },
        [i18n._('Rejection Failed'), i18n._('The announcement could not be rejected. Please try again.')],
      ),
  };
}
