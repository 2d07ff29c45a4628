import { useLingui } from '@lingui/react';
import { Button, Group, NumberInput, Radio, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { slotCreateSchema, type SlotKind, slotKinds, slotUpdateSchema } from '@pac/validators';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { FormActions } from '../../../components/FormActions';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../lib/dates';
import { useSchemaForm } from '../../../lib/schemaForm';
import { newSlotTimes } from '../slots';
import { SlotDayHint } from './SlotDayHint';

/** A new slot as the form hands it over (parsed by the shared schema). */
export type SlotCreateValues = z.output<typeof slotCreateSchema>;
/** A changed slot as the form hands it over (parsed by the shared schema). */
export type SlotUpdateValues = z.output<typeof slotUpdateSchema>;

/** The slot an edit starts from. */
export interface SlotFormSlot {
  id: number;
  title: string;
  description: string | null;
  /** Where this slot happens when not where its sheet does. */
  location: string | null;
  startTime: Date | null;
  endTime: Date | null;
  maxVolunteers: number;
  /** task: people help; item: people bring something, and maxVolunteers is the quantity needed. */
  kind: SlotKind;
}

interface SlotFormCommonProps {
  /** The sheet's event date: a hint shows when the slot's times fall on another day. */
  eventDate?: Date;
  onCancel: () => void;
  submitting?: boolean;
}

/** A slot as it was just added: what the next new slot starts from. */
export type SlotFormDraft = Omit<SlotFormSlot, 'id'>;

/**
 * 'Add Volunteer Slot': a new slot for the sheet `signupSheetId`, its times starting at the sheet's
 * event date (`eventDate`), an hour long.
 */
export interface SlotCreateFormProps extends SlotFormCommonProps {
  mode: 'create';
  signupSheetId: number;
  onSubmit: (values: SlotCreateValues) => void;
  /** Offers 'Save and add another', which hands the slot over here rather than to `onSubmit`. */
  onSubmitAndAddAnother?: (values: SlotCreateValues) => void;
  /**
   * The slot just added in the same dialog: the form keeps its title, kind, capacity, location and
   * description, starts where it ended (as long), and takes the focus to the title.
   */
  after?: SlotFormDraft;
}

/** 'Edit Volunteer Slot': `slot`, prefilled. */
export interface SlotEditFormProps extends SlotFormCommonProps {
  mode: 'edit';
  slot: SlotFormSlot;
  onSubmit: (values: SlotUpdateValues) => void;
}

export type SlotFormProps = SlotCreateFormProps | SlotEditFormProps;

interface SlotFormValues extends Record<string, unknown> {
  title: string;
  description: string;
  /** '' for the sheet's location. */
  location: string;
  startTime: string;
  endTime: string;
  maxVolunteers: number | string;
  kind: SlotKind;
}

/** The kinds as the slot forms offer them (catalog messages: shown as `i18n._(slotKindLabels[kind])`). */
export const slotKindLabels: Record<SlotKind, string> = {
  task: /*i18n*/ 'Volunteer task',
  item: /*i18n*/ 'Item to bring',
};

/** What differs between adding and editing: the wording, the start, and what the schema gets. */
interface SlotFormSetup<Schema extends z.ZodType> extends SlotFormCommonProps {
  schema: Schema;
  initialValues: SlotFormValues;
  toInput: (values: SlotFormValues) => unknown;
  /** The title's label for a task ('Task Title', 'Volunteer Role'); an item's is 'Item Name'. */
  titleLabel: string;
  submitLabel: string;
  pendingLabel?: string;
  onSubmit: (values: z.output<Schema>) => void;
  /** Shows 'Save and add another', which submits to this. */
  onSubmitAnother?: (values: z.output<Schema>) => void;
  /** Focuses the title, its text selected, once shown (a fresh form in a dialog already open). */
  focusTitle?: boolean;
}

/**
 * Where the end goes when the start moves from `before` to `after`: as far, keeping the slot's
 * length; null (the end stays) unless all three are times.
 */
export function endAfterMove(before: string, after: string, end: string): string | null {
  const [from, to, until] = [before, after, end].map(fromDateTimeLocal);
  if (!from || !to || !until) return null;
  return toDateTimeLocal(new Date(until.getTime() + to.getTime() - from.getTime()));
}

/** Which submit button sent the form. */
type SubmitIntent = 'save' | 'another';

function SlotFields<Schema extends z.ZodType>({
  schema,
  initialValues,
  toInput,
  titleLabel,
  submitLabel,
  pendingLabel,
  eventDate,
  onSubmit,
  onSubmitAnother,
  focusTitle = false,
  onCancel,
  submitting = false,
}: SlotFormSetup<Schema>) {
  const { i18n } = useLingui();
  const { form, onSubmit: handleSubmit, reset } = useSchemaForm({ initialValues, schema, toInput });
  const item = form.values.kind === 'item';
  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  // Enter in a field submits through the form's first submit button, 'Add Slot'; 'Save and add
  // another' is a plain button that says so here before submitting.
  const intent = useRef<SubmitIntent>('save');
  const [sent, setSent] = useState<SubmitIntent>('save');

  useEffect(() => {
    if (!focusTitle) return;
    titleRef.current?.focus();
    titleRef.current?.select();
  }, [focusTitle]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const next = onSubmitAnother ? intent.current : 'save';
    intent.current = 'save';
    setSent(next);
    handleSubmit((parsed) => (next === 'another' && onSubmitAnother ? onSubmitAnother : onSubmit)(parsed))(event);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Radio.Group
          label={i18n._('Kind', undefined, { comment: 'Whether a slot is a task to help with or an item to bring' })}
          {...form.getInputProps('kind')}
        >
          <Group gap="lg" mt={6}>
            {slotKinds.map((kind) => (
              <Radio key={kind} value={kind} label={i18n._(slotKindLabels[kind])} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          label={item ? i18n._('Item Name') : titleLabel}
          placeholder={item ? i18n._('Cupcakes') : undefined}
          required
          data-autofocus
          ref={titleRef}
          {...form.getInputProps('title')}
        />
        <Textarea
          label={i18n._('Description')}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('description')}
        />
        <TextInput
          label={i18n._('Location')}
          description={i18n._("Leave empty to use the sheet's location.")}
          maxLength={200}
          {...form.getInputProps('location')}
        />
        {/* One under the other on a phone, where a date-time does not fit in half the width. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={i18n._('Start Time')}
            type="datetime-local"
            step={60}
            {...form.getInputProps('startTime')}
            onChange={(event) => {
              const next = event.currentTarget.value;
              // The end moves with the start, keeping the slot's length (as calendars do).
              const end = endAfterMove(form.values.startTime, next, form.values.endTime);
              form.setFieldValue('startTime', next);
              if (end !== null) form.setFieldValue('endTime', end);
            }}
          />
          <TextInput label={i18n._('End Time')} type="datetime-local" step={60} {...form.getInputProps('endTime')} />
        </SimpleGrid>
        {eventDate && (
          <SlotDayHint startTime={form.values.startTime} endTime={form.values.endTime} eventDate={eventDate} />
        )}
        <NumberInput
          // SPEC.md's label for a task; for an item the number is how many are needed.
          label={item ? i18n._('Quantity needed') : i18n._('Number of Volunteers Needed')}
          description={
            item ? i18n._('How many are needed in all; each person says how many they will bring.') : undefined
          }
          required
          min={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('maxVolunteers')}
        />
        {onSubmitAnother ? (
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button
              variant="default"
              disabled={submitting}
              onClick={() => {
                reset();
                onCancel();
              }}
            >
              {i18n._('Cancel', undefined, { comment: 'Button that closes a form without saving' })}
            </Button>
            <Button
              variant="light"
              disabled={submitting && sent !== 'another'}
              loading={submitting && sent === 'another'}
              onClick={() => {
                intent.current = 'another';
                formRef.current?.requestSubmit();
              }}
            >
              {i18n._('Save and add another')}
            </Button>
            <Button type="submit" disabled={submitting && sent !== 'save'} loading={submitting && sent === 'save'}>
              {submitLabel}
            </Button>
          </Group>
        ) : (
          <FormActions
            submitLabel={submitLabel}
            pendingLabel={pendingLabel}
            submitting={submitting}
            reset={reset}
            onCancel={onCancel}
          />
        )}
      </Stack>
    </form>
  );
}

/**
 * A slot's form: 'Add Volunteer Slot' (`mode: 'create'`: 1 volunteer needed, an hour from the
 * event's time, or going on from the slot just added) or 'Edit Volunteer Slot' (`mode: 'edit'`,
 * prefilled). Times are date-times to the minute on the school's clock; an empty time is sent as
 * null, and a capacity that is not a number as 1.
 */
export function SlotForm(props: SlotFormProps) {
  const { i18n } = useLingui();
  const { eventDate, onCancel, submitting } = props;
  const common = { eventDate, onCancel, submitting };
  if (props.mode === 'create') {
    const { signupSheetId, after } = props;
    const times = newSlotTimes(eventDate, after);
    return (
      <SlotFields
        {...common}
        schema={slotCreateSchema}
        initialValues={{
          title: after?.title ?? '',
          description: after?.description ?? '',
          location: after?.location ?? '',
          startTime: toDateTimeLocal(times.startTime),
          endTime: toDateTimeLocal(times.endTime),
          maxVolunteers: after?.maxVolunteers ?? 1,
          kind: after?.kind ?? 'task',
        }}
        toInput={(values) => ({
          ...values,
          signupSheetId,
          startTime: fromDateTimeLocal(values.startTime),
          endTime: fromDateTimeLocal(values.endTime),
        })}
        titleLabel={i18n._('Task Title')}
        submitLabel={i18n._('Add Slot')}
        onSubmit={props.onSubmit}
        onSubmitAnother={props.onSubmitAndAddAnother}
        focusTitle={after !== undefined}
      />
    );
  }
  const { slot } = props;
  return (
    <SlotFields
      {...common}
      schema={slotUpdateSchema}
      initialValues={{
        title: slot.title,
        description: slot.description ?? '',
        location: slot.location ?? '',
        startTime: toDateTimeLocal(slot.startTime),
        endTime: toDateTimeLocal(slot.endTime),
        maxVolunteers: slot.maxVolunteers,
        kind: slot.kind,
      }}
      // The times on the school's clock, as in the create form: the schema would read the
      // datetime-local text on the browser's.
      toInput={(values) => ({
        ...values,
        id: slot.id,
        startTime: fromDateTimeLocal(values.startTime),
        endTime: fromDateTimeLocal(values.endTime),
      })}
      titleLabel={i18n._('Volunteer Role')}
      submitLabel={i18n._('Update Slot')}
      pendingLabel={i18n._('Updating...')}
      onSubmit={props.onSubmit}
    />
  );
}
