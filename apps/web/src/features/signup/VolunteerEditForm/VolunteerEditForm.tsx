import { useLingui } from '@lingui/react';
import { Button, Group, NumberInput, Stack, Textarea } from '@mantine/core';
import { type Answers, type Question, type SlotKind, volunteerUpdateSchema } from '@pac/validators';
import type { z } from 'zod';
import { ContactFields } from '../../../components/ContactFields';
import { useSchemaForm } from '../../../lib/schemaForm';
import { AnswerFields } from '../AnswerFields';
import { type AnswerValues, answerErrors, answersToSend, initialAnswers, quantityError } from '../answers';

export type VolunteerUpdateValues = z.output<typeof volunteerUpdateSchema>;

export interface VolunteerEditFormVolunteer {
  id: number;
  name: string;
  email?: string;
  phone?: string;
  notes?: string | null;
  emailConsent?: boolean;
  /** What they bring to an item slot. */
  quantity?: number;
  /** Their answers to the sheet's questions. */
  answers?: Answers;
  /** A waitlisted signup holds none of the slot's count. */
  status?: 'confirmed' | 'waitlisted';
}

/** The volunteer's slot, as far as the quantity is concerned. */
export interface VolunteerEditFormSlot {
  kind: SlotKind;
  maxVolunteers: number;
  currentVolunteers: number;
}

/** A refusal the server answered, by what it is about (its field, never its text). */
export interface VolunteerEditRefusal {
  message: string;
  field: string | null;
}

export interface VolunteerEditFormProps {
  volunteer: VolunteerEditFormVolunteer;
  /** The sheet's questions: the form edits the answers to them. */
  questions?: readonly Question[];
  /** The volunteer's slot: on an item slot the form edits how many they bring. */
  slot?: VolunteerEditFormSlot;
  /**
   * Called with the checked values; `showRefusal` puts what the server refused (an answer, the
   * quantity, the email) on its field and focuses it, and says false when no field is about it.
   */
  onSubmit: (values: VolunteerUpdateValues, showRefusal: (refusal: VolunteerEditRefusal) => boolean) => void;
  onCancel: () => void;
  submitting?: boolean;
}

type VolunteerFormValues = {
  name: string;
  email: string;
  phone: string;
  notes: string;
  emailConsent: boolean;
  answers: AnswerValues;
  /** An item signup's quantity; a NumberInput holds '' while empty. */
  quantity: number | string;
};

/**
 * Every field is optional: a blank name, email or phone leaves it as it is; blank notes clear them.
 * The answers go only when they changed (`answers`: what they were), and the quantity only when
 * given (`quantity`: an item slot's number, else undefined).
 */
export function toVolunteerUpdateInput(
  id: number,
  values: Pick<VolunteerFormValues, 'name' | 'email' | 'phone' | 'notes' | 'emailConsent'>,
  extra: { answers?: Answers; quantity?: unknown } = {},
) {
  const keepIfBlank = (value: string) => (value.trim() === '' ? undefined : value);
  return {
    id,
    name: keepIfBlank(values.name),
    email: keepIfBlank(values.email),
    phone: keepIfBlank(values.phone),
    notes: values.notes,
    emailConsent: values.emailConsent,
    ...(extra.answers === undefined ? {} : { answers: extra.answers }),
    ...(extra.quantity === undefined ? {} : { quantity: extra.quantity }),
  };
}

const sameAnswers = (a: Answers, b: Answers) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of this form a refusal can be about. */
const editFields = new Set(['name', 'email', 'phone', 'notes', 'quantity']);

/**
 * The organizer's volunteer edit form: contact details, notes, the answers to the sheet's
 * questions and, on an item slot, how many the volunteer brings. Answers are checked (and sent)
 * only once changed, so a signup made before a question was added can still be corrected; the
 * quantity is checked against what is still needed, with the server's sentences.
 */
export function VolunteerEditForm({
  volunteer,
  questions = [],
  slot,
  onSubmit,
  onCancel,
  submitting = false,
}: VolunteerEditFormProps) {
  const { i18n } = useLingui();
  const item = slot?.kind === 'item';
  const quantity = volunteer.quantity ?? 1;
  // What is still needed plus what they bring now; on the waitlist they hold none of the count.
  const most =
    slot === undefined
      ? quantity
      : volunteer.status === 'waitlisted'
        ? slot.maxVolunteers
        : slot.maxVolunteers - slot.currentVolunteers + quantity;
  const initialValues: VolunteerFormValues = {
    name: volunteer.name,
    email: volunteer.email ?? '',
    phone: volunteer.phone ?? '',
    notes: volunteer.notes ?? '',
    emailConsent: volunteer.emailConsent ?? false,
    answers: initialAnswers(questions, volunteer.answers),
    quantity,
  };
  const given = answersToSend(questions, initialValues.answers);
  const changedAnswers = (values: VolunteerFormValues): Answers | undefined => {
    const answers = answersToSend(questions, values.answers);
    return sameAnswers(answers, given) ? undefined : answers;
  };
  const quantityToSend = (values: VolunteerFormValues) =>
    item && values.quantity !== quantity
      ? typeof values.quantity === 'string' && values.quantity.trim() !== ''
        ? Number(values.quantity)
        : values.quantity
      : undefined;

  const {
    form,
    onSubmit: handleSubmit,
    showFieldErrors,
  } = useSchemaForm({
    initialValues,
    schema: volunteerUpdateSchema,
    toInput: (values) =>
      toVolunteerUpdateInput(volunteer.id, values, {
        answers: changedAnswers(values),
        quantity: quantityToSend(values),
      }),
    check: (values) => {
      const errors = changedAnswers(values) === undefined ? {} : answerErrors(questions, values.answers);
      const message = item ? quantityError(values.quantity, most) : null;
      if (message !== null) errors.quantity = message;
      return errors;
    },
  });

  const showRefusal = ({ message, field }: VolunteerEditRefusal) =>
    field !== null && (field.startsWith('answers.') || editFields.has(field))
      ? showFieldErrors({ [field]: message })
      : false;

  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed, showRefusal))} noValidate>
      <Stack gap="sm">
        <ContactFields
          form={form}
          autoFocus
          autoComplete="off"
          consentLabel={i18n._('Wants reminder emails')}
          beforeConsent={
            <>
              <Textarea label={i18n._('Notes')} autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
              {item && (
                <NumberInput
                  label={i18n._('Quantity')}
                  description={i18n._('How many they bring (at most {most})', { most })}
                  min={1}
                  max={most}
                  allowDecimal={false}
                  allowNegative={false}
                  inputMode="numeric"
                  {...form.getInputProps('quantity')}
                />
              )}
              <AnswerFields questions={questions} form={form} />
            </>
          }
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {i18n._('Cancel', undefined, { comment: 'Button that closes a form or dialog without doing anything' })}
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? i18n._('Saving...') : i18n._('Save Changes')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
