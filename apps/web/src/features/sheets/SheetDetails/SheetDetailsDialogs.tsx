import '../../../styles/mantine-rest.css';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Group, Modal, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ClockIcon } from '../../../components/Icons';
import { rememberLanguage, useDates, useLanguage } from '../../../lib/language';
import { errorField, errorSlotId, serverMessage } from '../../../lib/errors';
import { notifyFailure, notifyFailureWithReason, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import type { SheetDetail, SlotDetail, VolunteerView } from '../../../types';
import { SignupForm, type SignupRefusal, type SignupSubmission } from '../../signup/SignupForm';
import { rememberSignups, useSignupMemory } from '../../signup/signupMemory';
import { VolunteerEditForm } from '../../signup/VolunteerEditForm';
import { SlotDialogs, type SlotDialogsControl } from '../SlotDialogs';
import { isSlotFull, sortSlots } from '../slots';
import { cancelSignupQuestion, removeVolunteerQuestion, signupsSuccessText, signupSuccessText } from './sheetTexts';

/** What a dialog on the sheet page is open for; one at a time. */
export type SheetDialog =
  /** The signup form, for one slot (its Sign Up button, or one ticked) or the several ticked. */
  | { kind: 'signup'; slotIds: readonly number[] }
  | { kind: 'editVolunteer'; volunteer: VolunteerView }
  | { kind: 'removeVolunteer'; volunteer: VolunteerView }
  | { kind: 'cancelMine'; volunteer: VolunteerView; slot: SlotDetail };

export interface SheetDetailsDialogsProps {
  sheet: SheetDetail;
  /** The dialog's subject: it stays after closing, so that the content does not vanish mid-transition. */
  dialog: SheetDialog | null;
  opened: boolean;
  onClose: () => void;
  /** The admin's slot dialogs, opened from the slot cards. */
  slotDialogs: SlotDialogsControl;
  /** Takes a slot out of the signup being filled in (and out of the ticked slots). */
  onRemoveFromSignup: (slotId: number) => void;
  /** The slots a signup saved, which are no longer ticked. */
  onSignedUp: (slotIds: readonly number[]) => void;
}

/** A refusal as the signup form shows it: the server's sentence, on its field, about its slot. */
function signupRefusal(i18n: I18n, error: unknown): SignupRefusal {
  return {
    message: serverMessage(error) ?? i18n._('Please try again later.'),
    field: errorField(error),
    slotId: errorSlotId(error),
  };
}

/**
 * The sheet page's dialogs (sign up, edit or remove a volunteer, cancel one's own signup, and the
 * admin's slot dialogs) with the changes they make. SheetDetails loads them on demand.
 */
export function SheetDetailsDialogs({
  sheet,
  dialog,
  opened,
  onClose: close,
  slotDialogs,
  onRemoveFromSignup,
  onSignedUp,
}: SheetDetailsDialogsProps) {
  const { i18n } = useLingui();
  const dates = useDates();
  const utils = trpc.useUtils();
  const me = trpc.auth.me.useQuery();
  const page = useLanguage();
  const memory = useSignupMemory();
  // A dialog asked for before these had loaded opens one render after they mount: Mantine's Modal
  // notes where to give the focus back (the button that opened it) only when it opens once mounted.
  const mounted = useMounted();
  const isOpen = (kind: SheetDialog['kind']) => mounted && opened && dialog?.kind === kind;

  // A signup changes the slot counts and the signed-in volunteer's history.
  const refresh = async () => {
    await Promise.all([
      utils.sheets.byId.invalidate({ id: sheet.id }),
      utils.sheets.list.invalidate(),
      utils.auth.profile.invalidate(),
    ]);
  };

  const account = me.data ?? null;

  /**
   * A signup made without an account is remembered by this browser, with the details it was made
   * with: the sheet shows it as the parent's, and the next form starts from them (API.md).
   */
  const remember = (
    created: readonly { id: number; slotId: number; manageToken: string; status: 'confirmed' | 'waitlisted' }[],
    person: { name: string; email: string; phone: string; emailConsent?: boolean },
  ) => {
    if (account !== null) return;
    rememberSignups(
      created.map((v) => ({
        volunteerId: v.id,
        slotId: v.slotId,
        sheetId: sheet.id,
        token: v.manageToken,
        status: v.status,
      })),
      { name: person.name, email: person.email, phone: person.phone, emailConsent: person.emailConsent === true },
    );
  };

  const signUp = trpc.volunteers.create.useMutation({
    onSuccess: (volunteer, input) => {
      remember([volunteer], input);
      close();
      onSignedUp([volunteer.slotId]);
      const slotTitle = sheet.slots.find((s) => s.id === volunteer.slotId)?.title ?? i18n._('this slot');
      notifySuccess(i18n._('Signup Successful!'), signupSuccessText(i18n, volunteer, slotTitle));
    },
    onError: (error) => notifyFailure(i18n._('Signup Failed'), error, i18n._('Please try again later.')),
    onSettled: refresh,
  });

  // Several slots at once, all or nothing; a refusal shows in the form, which keeps what was typed.
  const signUpMany = trpc.volunteers.createMany.useMutation({
    onSuccess: (result, input) => {
      remember(result.volunteers, input);
      close();
      onSignedUp(result.volunteers.map((v) => v.slotId));
      const bySlot = new Map(result.volunteers.map((v) => [v.slotId, v.status]));
      const titlesOf = (status: 'confirmed' | 'waitlisted') =>
        sortSlots(sheet.slots)
          .filter((s) => bySlot.get(s.id) === status)
          .map((s) => s.title);
      notifySuccess(
        i18n._('Signup Successful!'),
        signupsSuccessText(
          i18n,
          { email: input.email, confirmationEmail: result.confirmationEmail },
          titlesOf('confirmed'),
          titlesOf('waitlisted'),
        ),
      );
    },
    onSettled: refresh,
  });

  const signupSlots =
    dialog?.kind === 'signup'
      ? sortSlots(sheet.slots).filter((slot) => dialog.slotIds.includes(slot.id))
      : ([] as SlotDetail[]);
  const [onlySlot] = signupSlots;

  const submitSignup = (values: SignupSubmission, showRefusal: (refusal: SignupRefusal) => void) => {
    const { quantities, language, ...person } = values;
    // The signup keeps the language chosen in the form for its emails and reminders; a language
    // other than the page's also becomes the browser's (the `lang` cookie) for the pages after.
    if (language !== page.language) rememberLanguage(language);
    const common = {
      ...person,
      language,
      userId: account?.id ?? null,
      // A full slot's signup joins its waitlist (the server ignores the flag while a slot has room).
      ...(signupSlots.some(isSlotFull) ? { waitlist: true } : {}),
    };
    const onError = (error: unknown) => showRefusal(signupRefusal(i18n, error));
    if (signupSlots.length === 1 && onlySlot) {
      const quantity = quantities[onlySlot.id];
      signUp.mutate({ slotId: onlySlot.id, ...common, ...(quantity === undefined ? {} : { quantity }) }, { onError });
      return;
    }
    signUpMany.mutate(
      {
        slotIds: signupSlots.map((slot) => slot.id),
        ...common,
        // Each item slot's own quantity, by slot id (a JSON object's keys are strings).
        ...(Object.keys(quantities).length > 0 ? { quantities: Object.fromEntries(Object.entries(quantities)) } : {}),
      },
      { onError },
    );
  };

  const updateVolunteer = trpc.volunteers.update.useMutation({
    onSuccess: () => {
      close();
      notifySuccess(i18n._('Volunteer Updated'), i18n._('The volunteer details have been updated.'));
    },
    onError: (error) =>
      notifyFailureWithReason(
        i18n._('Update Failed'),
        error,
        i18n._('Failed to update volunteer details. Please try again.'),
      ),
    onSettled: refresh,
  });

  const removeVolunteer = trpc.volunteers.delete.useMutation({
    onError: (error) =>
      notifyFailureWithReason(
        i18n._('Deletion Failed'),
        error,
        i18n._('Failed to remove volunteer. Please try again.'),
      ),
    onSettled: refresh,
  });

  const cancelMine = trpc.volunteers.delete.useMutation({
    onError: (error) =>
      notifyFailure(i18n._('Cancellation Failed'), error, i18n._('Failed to cancel your signup. Please try again.')),
    onSettled: refresh,
  });

  return (
    <>
      <Modal
        opened={isOpen('signup')}
        onClose={close}
        title={
          signupSlots.length > 1
            ? i18n._('{count, plural, other {Sign up: # slots}}', { count: signupSlots.length })
            : onlySlot
              ? i18n._('Sign up: {slot}', { slot: onlySlot.title })
              : i18n._('Sign up', undefined, { comment: "Title of the signup form's dialog" })
        }
      >
        {signupSlots.length === 1 && onlySlot && (
          <Group gap={6} c="dimmed" wrap="nowrap" mb="md">
            <ClockIcon />
            <Text size="sm" c="gray.8">
              {dates.formatSlotWhen(onlySlot.startTime, onlySlot.endTime, sheet.eventDate)}
            </Text>
          </Group>
        )}
        {signupSlots.length === 1 && onlySlot && isSlotFull(onlySlot) && (
          <Text size="sm" mb="md" c="gray.8">
            {i18n._(
              "This slot is full. Sign up to join its waitlist: if a spot opens up, you'll be signed up automatically, in the order people joined, and we'll let you know by email.",
            )}
          </Text>
        )}
        {signupSlots.length > 1 && signupSlots.some(isSlotFull) && (
          <Text size="sm" mb="md" c="gray.8">
            {i18n._(
              "A full slot's signup joins its waitlist: if a spot opens up, you'll be signed up automatically, in the order people joined, and we'll let you know by email.",
            )}
          </Text>
        )}
        {signupSlots.length > 0 && (
          <SignupForm
            slots={signupSlots}
            eventDate={sheet.eventDate}
            questions={sheet.questions}
            prefill={
              account
                ? {
                    name: account.name,
                    email: account.email,
                    phone: account.phone,
                    emailConsent: account.emailConsent,
                  }
                : (memory.details ?? undefined)
            }
            submitting={signUp.isPending || signUpMany.isPending}
            onCancel={close}
            onRemoveSlot={signupSlots.length > 1 ? onRemoveFromSignup : undefined}
            onSubmit={submitSignup}
          />
        )}
      </Modal>

      <SlotDialogs control={{ ...slotDialogs, opened: mounted && slotDialogs.opened }} onSettled={refresh} />

      <Modal opened={isOpen('editVolunteer')} onClose={close} title={i18n._('Edit Volunteer')}>
        {dialog?.kind === 'editVolunteer' && (
          <VolunteerEditForm
            volunteer={dialog.volunteer}
            questions={sheet.questions}
            slot={sheet.slots.find((s) => s.id === dialog.volunteer.slotId)}
            submitting={updateVolunteer.isPending}
            onCancel={close}
            onSubmit={(values, showRefusal) =>
              updateVolunteer.mutate(values, {
                // Besides the toast: a refusal about one field (an answer, the quantity) shows on it.
                onError: (error) => {
                  showRefusal({ message: serverMessage(error) ?? '', field: errorField(error) });
                },
              })
            }
          />
        )}
      </Modal>

      <ConfirmDialog
        opened={isOpen('removeVolunteer')}
        title={i18n._('Remove Volunteer')}
        message={dialog?.kind === 'removeVolunteer' ? removeVolunteerQuestion(i18n, dialog.volunteer.name) : ''}
        confirmLabel={i18n._('Remove', undefined, { comment: 'Button that confirms removing a volunteer from a slot' })}
        loading={removeVolunteer.isPending}
        onCancel={close}
        onConfirm={() => {
          if (dialog?.kind !== 'removeVolunteer') return;
          const { id, name } = dialog.volunteer;
          removeVolunteer.mutate(
            { id },
            {
              onSuccess: () => {
                close();
                notifySuccess(
                  i18n._('Volunteer Removed'),
                  i18n._('{name} has been removed from this volunteer slot.', { name }),
                );
              },
            },
          );
        }}
      />

      <ConfirmDialog
        opened={isOpen('cancelMine')}
        title={i18n._('Cancel Signup')}
        message={dialog?.kind === 'cancelMine' ? cancelSignupQuestion(i18n, dialog.slot.title) : ''}
        confirmLabel={i18n._('Cancel my signup')}
        cancelLabel={i18n._('Keep my signup')}
        loading={cancelMine.isPending}
        onCancel={close}
        onConfirm={() => {
          if (dialog?.kind !== 'cancelMine') return;
          const { volunteer, slot } = dialog;
          cancelMine.mutate(
            { id: volunteer.id },
            {
              onSuccess: () => {
                close();
                notifySuccess(
                  i18n._('Signup Cancelled'),
                  i18n._('Your signup for {slot} has been cancelled.', { slot: slot.title }),
                );
              },
            },
          );
        }}
      />
    </>
  );
}
