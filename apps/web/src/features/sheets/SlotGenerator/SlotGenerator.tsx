import { useLingui } from '@lingui/react';
import { Box, Group, NumberInput, Paper, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type SlotBatchInput, slotBatchSchema, slotCreateSchema, type SlotKind, slotKinds } from '@pac/validators';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { FormActions } from '../../../components/FormActions';
import { toDateTimeLocal } from '../../../lib/dates';
import { apiIssues, errorField, serverMessage } from '../../../lib/errors';
import { useLanguage } from '../../../lib/language';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { schemaErrors, translatedErrors, useFocusFirstInvalid } from '../../../lib/schemaForm';
import { trpc } from '../../../trpc';
import { useRefreshDashboard } from '../dashboard';
import { slotKindLabels } from '../SlotForm';
import {
  addedSlotsText,
  addSlotsLabel,
  generateSlotRun,
  onSchoolClock,
  type SlotRunField,
  slotRunSummary,
  slotRunTimeText,
} from './slotRun';

export interface SlotGeneratorProps {
  /** The sheet the run goes on; the run's day starts as its event date, from its event time. */
  sheet: { id: number; title: string; eventDate?: Date };
  onCancel: () => void;
  /** After the run is saved (the dialog closes). */
  onAdded: () => void;
}

interface SlotGeneratorValues extends Record<string, unknown> {
  kind: SlotKind;
  title: string;
  /** '' for the sheet's location. */
  location: string;
  /** '2031-05-03' */
  day: string;
  /** '08:00' */
  from: string;
  to: string;
  everyMinutes: number | string;
  maxVolunteers: number | string;
}

/** The fields a slot's own problem is shown on (the rest go to the run's). */
const slotFields = ['title', 'location', 'maxVolunteers', 'kind'] as const;

/** Where a refusal about a slot of the run (`slots.3.title`) or the run itself (`slots`) shows. */
function fieldOf(path: string): keyof SlotGeneratorValues | null {
  const [root, , field] = path.split('.');
  if (root !== 'slots') return null;
  if (field === undefined) return 'everyMinutes';
  if ((slotFields as readonly string[]).includes(field)) return field;
  return field === 'startTime' || field === 'endTime' ? 'to' : null;
}

const addMinutes = (time: string, minutes: number): string => {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const total = hour * 60 + minute + minutes;
  return total >= 24 * 60
    ? ''
    : `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

/** The run starts on the event's day at its time, two hours of half-hour slots. */
function initialValues(eventDate: Date | undefined): SlotGeneratorValues {
  const [day = '', from = ''] = toDateTimeLocal(eventDate).split('T');
  return {
    kind: 'task',
    title: '',
    location: '',
    day,
    from,
    to: from === '' ? '' : addMinutes(from, 120),
    everyMinutes: 30,
    maxVolunteers: 1,
  };
}

/**
 * 'Several slots': a run of slots of the same title and capacity, one every N minutes from From
 * until To on the sheet's day (on the school's clock), previewed as it is typed and saved in one
 * request. The run's problems show on their fields as they arise; the slot's own (a missing title)
 * on saving, with the messages the server would answer.
 */
export function SlotGenerator({ sheet, onCancel, onAdded }: SlotGeneratorProps) {
  const { i18n } = useLingui();
  const { language } = useLanguage();
  const refresh = useRefreshDashboard();
  const [attempted, setAttempted] = useState(false);
  const attemptedRef = useRef(false);
  const focusFirstInvalid = useFocusFirstInvalid();
  const formRef = useRef<HTMLFormElement>(null);

  /** What every slot of the run shares. */
  const shared = ({ title, location, maxVolunteers, kind }: SlotGeneratorValues) => ({
    title,
    location,
    maxVolunteers,
    kind,
  });
  const form = useForm<SlotGeneratorValues>({
    mode: 'controlled',
    initialValues: initialValues(sheet.eventDate),
    validateInputOnChange: [...slotFields],
    // A slot's own fields, as the single slot form checks them; the run's are checked as it is typed.
    validate: (values) =>
      attemptedRef.current
        ? translatedErrors(i18n, schemaErrors(slotCreateSchema, { signupSheetId: sheet.id, ...shared(values) }))
        : {},
  });
  const { values } = form;
  const item = values.kind === 'item';

  const run = useMemo(
    () =>
      generateSlotRun(
        i18n,
        { day: values.day, from: values.from, to: values.to, everyMinutes: values.everyMinutes },
        onSchoolClock,
      ),
    [i18n, values.day, values.from, values.to, values.everyMinutes],
  );
  /** The run's problem with `field`; an empty field is not one until the first save. */
  const runError = (field: SlotRunField): string | undefined => {
    const message = run.errors?.[field];
    if (message === undefined) return undefined;
    return attempted || String(values[field]).trim() !== '' ? message : undefined;
  };
  /** A field's props, with the run's problem with it first. */
  const runInputProps = (field: SlotRunField) => {
    const props = form.getInputProps(field);
    return { ...props, error: runError(field) ?? (props.error as string | undefined) };
  };

  const createMany = trpc.slots.createMany.useMutation({
    onSuccess: (slots) => {
      onAdded();
      notifySuccess(i18n._('Volunteer Slots Created'), addedSlotsText(i18n, slots.length, sheet.title));
    },
    onError: (error) => {
      // The client checks what the server does; should the server still refuse a field, it shows there.
      const refusals = apiIssues(error);
      const refused = errorField(error);
      const message = serverMessage(error);
      if (refused !== null && message !== null) refusals.push({ path: refused, message });
      const errors: Record<string, string> = {};
      for (const refusal of refusals) {
        const field = fieldOf(refusal.path);
        if (field !== null && !(field in errors)) errors[field] = refusal.message;
      }
      if (Object.keys(errors).length > 0) {
        form.setErrors(errors);
        focusFirstInvalid(formRef.current);
        return;
      }
      notifyFailure(i18n._('Creation Failed'), error, i18n._('Failed to create volunteer slots. Please try again.'));
    },
    onSettled: refresh,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    attemptedRef.current = true;
    setAttempted(true);
    const fieldsValid = !form.validate().hasErrors;
    const input: SlotBatchInput = {
      signupSheetId: sheet.id,
      slots: run.slots.map((slot) => ({ ...shared(values), ...slot })),
    };
    const parsed = slotBatchSchema.safeParse(input);
    if (!fieldsValid || run.errors !== null || !parsed.success) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    createMany.mutate(parsed.data);
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
          label={item ? i18n._('Item Name') : i18n._('Task Title')}
          placeholder={item ? i18n._('Cupcakes') : undefined}
          description={i18n._('Every slot of the run gets this title.')}
          required
          data-autofocus
          {...form.getInputProps('title')}
        />
        <TextInput label={i18n._('Day')} type="date" required {...runInputProps('day')} />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label={i18n._('From', undefined, { comment: 'The time the first generated slot starts' })}
            type="time"
            step={60}
            required
            {...runInputProps('from')}
          />
          <TextInput
            label={i18n._('To', undefined, { comment: 'The time by which the last generated slot ends' })}
            type="time"
            step={60}
            required
            {...runInputProps('to')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label={i18n._('Every (minutes)')}
            description={i18n._('Each slot is this long.')}
            required
            min={1}
            step={15}
            allowDecimal={false}
            allowNegative={false}
            {...runInputProps('everyMinutes')}
          />
          <NumberInput
            label={item ? i18n._('Quantity needed per slot') : i18n._('Volunteers per slot')}
            description={
              item ? i18n._('How many are needed in each slot.') : i18n._('How many people each slot needs.')
            }
            required
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('maxVolunteers')}
          />
        </SimpleGrid>
        <TextInput
          label={i18n._('Location')}
          description={i18n._("Leave empty to use the sheet's location.")}
          maxLength={200}
          {...form.getInputProps('location')}
        />
        <Paper withBorder p="sm" radius="sm">
          <Text size="sm" fw={500} aria-live="polite" aria-atomic="true">
            {run.errors === null
              ? slotRunSummary(i18n, run.slots, language)
              : i18n._('No slots yet: check the times above.')}
          </Text>
          {run.slots.length > 0 && (
            <Box
              component="ul"
              aria-label={i18n._('Slots to add')}
              m={0}
              mt="xs"
              p={0}
              style={{
                listStyle: 'none',
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))',
                gap: '0.125rem 0.75rem',
                maxHeight: '12rem',
                overflowY: 'auto',
              }}
            >
              {run.slots.map((slot) => (
                <Text key={slot.startTime.getTime()} component="li" size="sm">
                  {slotRunTimeText(slot, language)}
                </Text>
              ))}
            </Box>
          )}
        </Paper>
        <FormActions
          submitLabel={addSlotsLabel(i18n, run.slots.length)}
          submitting={createMany.isPending}
          reset={() => {
            attemptedRef.current = false;
            setAttempted(false);
            form.reset();
          }}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
