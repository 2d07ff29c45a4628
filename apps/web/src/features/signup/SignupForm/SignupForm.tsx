import { Trans, useLingui } from '@lingui/react';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
  VisuallyHidden,
} from '@mantine/core';
import {
  type Answers,
  isLanguage,
  type Language,
  languages,
  type Question,
  signupDetailsSchema,
  type SlotKind,
} from '@pac/validators';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useId, useRef, useState } from 'react';
import { ContactFields } from '../../../components/ContactFields';
import { useDates, useLanguage } from '../../../lib/language';
import { useSchemaForm } from '../../../lib/schemaForm';
import { stillNeededText } from '../../sheets/slots';
import { AnswerFields } from '../AnswerFields';
import { type AnswerValues, answerErrors, answersToSend, initialAnswers, quantityError, stillNeeded } from '../answers';

/** A slot the form signs up for: what it shows of it, and what an item's quantity is checked against. */
export interface SignupFormSlot {
  id: number;
  title: string;
  kind: SlotKind;
  maxVolunteers: number;
  currentVolunteers: number;
  startTime: Date | null;
  endTime: Date | null;
}

export interface SignupPrefill {
  name?: string;
  email?: string;
  phone?: string | null;
  emailConsent?: boolean;
}

/** What the form sends: the person, their answers, and what they bring to each item slot (by slot id). */
export interface SignupSubmission {
  name: string;
  email: string;
  phone: string;
  notes?: string | null;
  emailConsent: boolean;
  answers: Answers;
  quantities: Record<number, number>;
  /** The language of their emails and reminders ('Language for messages'): the page's unless they chose another. */
  language: Language;
}

/** A refusal from the server, by what it is about (DESIGN.md rule 16: its reason and field, never its text). */
export interface SignupRefusal {
  message: string;
  field: string | null;
  /** The slot it is about, when the signup was for several. */
  slotId: number | null;
}

export interface SignupFormProps {
  /** One slot, or several of one sheet: each item slot asks how many the person brings. */
  slots: readonly SignupFormSlot[];
  /** The sheet's event date: when a slot without a time is. */
  eventDate: Date;
  /** The sheet's questions. */
  questions?: readonly Question[];
  /** Details to start from: the signed-in account's, or those this browser remembers. */
  prefill?: SignupPrefill;
  /**
   * Called with the checked values; `showRefusal` shows what the server refused on its field (an
   * answer, a quantity, the email) and, for several slots, which slot it was about.
   */
  onSubmit: (values: SignupSubmission, showRefusal: (refusal: SignupRefusal) => void) => void;
  onCancel: () => void;
  /** Takes a slot out of a signup of several (the list's Remove buttons). */
  onRemoveSlot?: (slotId: number) => void;
  submitting?: boolean;
}

type SignupFormValues = {
  name: string;
  email: string;
  phone: string;
  notes: string;
  emailConsent: boolean;
  answers: AnswerValues;
  /** By slot id; a NumberInput holds '' while empty. */
  quantities: Record<string, number | string>;
};

const personFields = new Set(['name', 'email', 'phone', 'notes']);

/** The field of the form a refusal belongs on, or null when it belongs to none. */
export function refusalField(refusal: SignupRefusal, slots: readonly SignupFormSlot[]): string | null {
  const { field, slotId } = refusal;
  if (field === null) return null;
  if (field.startsWith('answers.') || personFields.has(field)) return field;
  if (field === 'quantity') {
    const id = slotId ?? (slots.length === 1 ? slots[0]?.id : undefined);
    if (id !== undefined && slots.some((s) => s.id === id && s.kind === 'item')) return `quantities.${id}`;
  }
  return null;
}

/** The most an item signup may bring: what is still needed, or on a full slot's waitlist, the whole quantity. */
function mostFor(slot: SignupFormSlot): number {
  const left = stillNeeded(slot);
  return left > 0 ? left : slot.maxVolunteers;
}

/** The 'How many will you bring?' field of an item slot. */
function QuantityField({ slot, form }: { slot: SignupFormSlot; form: UseFormReturnType<SignupFormValues> }) {
  const { i18n } = useLingui();
  const left = stillNeeded(slot);
  return (
    <NumberInput
      label={
        <Trans
          id="How many will you bring?<0> ({title})</0>"
          values={{ title: slot.title }}
          components={{ 0: <VisuallyHidden /> }}
        />
      }
      description={left > 0 ? stillNeededText(i18n, slot) : undefined}
      required
      min={1}
      max={mostFor(slot)}
      allowDecimal={false}
      allowNegative={false}
      // Too many is said in words ('Only 12 still needed for this item'), not quietly lowered.
      clampBehavior="none"
      inputMode="numeric"
      w={{ base: '100%', xs: 220 }}
      {...form.getInputProps(`quantities.${slot.id}`)}
    />
  );
}

/**
 * The language of a signup's emails and reminders, the page's to start with: each language named
 * in itself, in its own `lang`.
 */
function EmailLanguageField({ value, onChange }: { value: Language; onChange: (language: Language) => void }) {
  const { i18n } = useLingui();
  return (
    <NativeSelect
      label={i18n._('Language for messages')}
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) onChange(next);
      }}
      w={{ base: '100%', xs: 220 }}
    >
      {languages.map((l) => (
        <option key={l.tag} value={l.tag} lang={l.tag}>
          {l.name}
        </option>
      ))}
    </NativeSelect>
  );
}

/**
 * The volunteer signup form for one slot or several of one sheet: name, email and phone
 * (required), notes, the sheet's questions, how many the person brings to each item slot, the
 * reminder checkbox (ticked unless the prefill says otherwise) and the language of the emails (the
 * page's unless chosen). Validated by the same schema and answer rules the server uses, so the
 * form says the server's sentences before sending.
 */
export function SignupForm({
  slots,
  eventDate,
  questions = [],
  prefill = {},
  onSubmit,
  onCancel,
  onRemoveSlot,
  submitting = false,
}: SignupFormProps) {
  const { i18n } = useLingui();
  const dates = useDates();
  const items = slots.filter((s) => s.kind === 'item');
  const initialValues: SignupFormValues = {
    name: prefill.name ?? '',
    email: prefill.email ?? '',
    phone: prefill.phone ?? '',
    notes: '',
    emailConsent: prefill.emailConsent ?? true,
    answers: initialAnswers(questions),
    quantities: Object.fromEntries(items.map((s) => [String(s.id), 1])),
  };
  const {
    form,
    onSubmit: handleSubmit,
    showFieldErrors,
  } = useSchemaForm({
    initialValues,
    schema: signupDetailsSchema,
    // Answers are checked against the sheet's questions by `check`, with each question's sentence.
    toInput: ({ quantities: _quantities, answers: _answers, ...person }: SignupFormValues) => person,
    check: (values) => {
      const errors = answerErrors(questions, values.answers);
      for (const slot of items) {
        const message = quantityError(values.quantities[String(slot.id)], mostFor(slot));
        if (message !== null) errors[`quantities.${slot.id}`] = message;
      }
      return errors;
    },
  });
  // A refusal of a signup of several slots: nothing was saved, and which slot it was about.
  // `onField`: it also shows on a field, which takes the focus instead of the alert.
  const [refusal, setRefusal] = useState<(SignupRefusal & { onField: boolean }) | null>(null);
  const several = slots.length > 1;
  const listTitleId = useId();
  const page = useLanguage();
  const [language, setLanguage] = useState<Language>(page.language);

  const showRefusal = (next: SignupRefusal) => {
    const field = refusalField(next, slots);
    if (several || field === null) setRefusal({ ...next, onField: field !== null });
    if (field !== null) showFieldErrors({ [field]: next.message });
  };

  // The refusal's alert is at the top of a long form: it is brought into sight and takes the focus.
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal === null || alertRef.current === null) return;
    alertRef.current.scrollIntoView({ block: 'nearest' });
    if (!refusal.onField) alertRef.current.focus({ preventScroll: true });
  }, [refusal]);

  const refusedSlot = refusal === null ? undefined : slots.find((s) => s.id === refusal.slotId);

  return (
    <form
      onSubmit={handleSubmit((parsed, values) => {
        setRefusal(null);
        onSubmit(
          {
            name: parsed.name,
            email: parsed.email,
            phone: parsed.phone,
            notes: parsed.notes,
            emailConsent: parsed.emailConsent,
            answers: answersToSend(questions, values.answers),
            quantities: Object.fromEntries(items.map((s) => [s.id, Number(values.quantities[String(s.id)])])),
            language,
          },
          showRefusal,
        );
      })}
      noValidate
    >
      <Stack gap="sm">
        {refusal !== null && several && (
          <Alert color="red" title={i18n._('Nothing was saved')} ref={alertRef} tabIndex={-1}>
            {refusedSlot
              ? i18n._(
                  '{slot}: {message}',
                  { slot: refusedSlot.title, message: refusal.message },
                  { comment: "A slot's title, then the server's reason for refusing the signup" },
                )
              : refusal.message}
          </Alert>
        )}
        {several && (
          <Stack gap="xs" component="section" aria-labelledby={listTitleId}>
            <Text fw={700} id={listTitleId}>
              {i18n._('Your slots')}
            </Text>
            <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
              {slots.map((slot) => (
                <Paper component="li" key={slot.id} withBorder p="sm" radius="sm">
                  <Stack gap={6}>
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                      <Stack gap={2} miw={0}>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {slot.title}
                        </Text>
                        <Text size="sm" c="gray.7">
                          {dates.formatSlotWhen(slot.startTime, slot.endTime, eventDate)}
                        </Text>
                        {stillNeeded(slot) === 0 && (
                          <Badge color="orange" variant="light" tt="none" style={{ alignSelf: 'flex-start' }}>
                            {i18n._("Full: you'll join the waitlist")}
                          </Badge>
                        )}
                      </Stack>
                      {onRemoveSlot && (
                        <Button
                          variant="subtle"
                          color="gray"
                          size="compact-sm"
                          aria-label={i18n._('Remove {title}', { title: slot.title })}
                          onClick={() => onRemoveSlot(slot.id)}
                        >
                          {i18n._('Remove', undefined, { comment: 'Button that takes a slot out of the signup' })}
                        </Button>
                      )}
                    </Group>
                    {slot.kind === 'item' && <QuantityField slot={slot} form={form} />}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          </Stack>
        )}
        <ContactFields
          form={form}
          required={['name', 'email', 'phone']}
          requiredMark="attribute"
          autoFocus
          consentLabel={i18n._('Send me reminders about this event')}
          beforeConsent={
            <>
              <Textarea
                label={i18n._('Notes')}
                description={i18n._('Optional: anything the organizer should know')}
                autosize
                minRows={2}
                maxRows={6}
                {...form.getInputProps('notes')}
              />
              <AnswerFields questions={questions} form={form} />
              {!several && items.map((slot) => <QuantityField key={slot.id} slot={slot} form={form} />)}
            </>
          }
        />
        <EmailLanguageField value={language} onChange={setLanguage} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {i18n._('Cancel', undefined, { comment: 'Button that closes a form or dialog without doing anything' })}
          </Button>
          <Button type="submit" loading={submitting}>
            {i18n._('Sign Up')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
