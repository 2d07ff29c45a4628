import { useLingui } from '@lingui/react';
import { Button, Group, NumberInput, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { RouterOutputs } from '@pac/api';
import { mySignupUpdateSchema } from '@pac/validators';
import { errorField, serverMessage } from '../../../lib/errors';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schemaForm';
import { trpc } from '../../../trpc';
import { AnswerFields } from '../AnswerFields';
import { type AnswerValues, answerErrors, answersToSend, initialAnswers, quantityError } from '../answers';
import { readSignupMemory, updateRememberedDetails } from '../signupMemory';

type ManagedSignup = RouterOutputs['volunteers']['manageInfo'];

type EditValues = {
  name: string;
  phone: string;
  notes: string;
  answers: AnswerValues;
  /** An item signup's quantity; a NumberInput holds '' while empty. */
  quantity: number | string;
};

/** The fields a refusal of the edit can be about. */
const editFields = new Set(['name', 'phone', 'notes', 'quantity']);

/**
 * The most an item signup may bring after the edit: what is still needed plus what it brings
 * now (a waitlisted one holds none of the count: up to the whole quantity).
 */
export function mostToBring(signup: Pick<ManagedSignup, 'status' | 'quantity' | 'slot'>): number {
  const { maxVolunteers, currentVolunteers } = signup.slot;
  return signup.status === 'confirmed' ? maxVolunteers - currentVolunteers + signup.quantity : maxVolunteers;
}

/**
 * The manage page's form for what the volunteer may correct: name, phone, notes, the answers to
 * the sheet's questions and, on an item slot, how many they bring (not the email: the link was
 * mailed to it). The same rules as the server's, and a refusal shows on its field.
 */
export function EditMySignup({ token, signup }: { token: string; signup: ManagedSignup }) {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const questions = signup.sheet.questions;
  const item = signup.slot.kind === 'item';
  const most = mostToBring(signup);
  const initialValues: EditValues = {
    name: signup.name,
    phone: signup.phone,
    notes: signup.notes ?? '',
    answers: initialAnswers(questions, signup.answers),
    quantity: signup.quantity,
  };
  const {
    form,
    onSubmit: handleSubmit,
    showFieldErrors,
  } = useSchemaForm({
    initialValues,
    schema: mySignupUpdateSchema,
    // Answers and the quantity are checked by `check`, with the sentences the server answers.
    toInput: ({ answers: _answers, quantity: _quantity, ...fields }: EditValues) => ({ token, ...fields }),
    check: (values) => {
      const errors = answerErrors(questions, values.answers);
      const message = item ? quantityError(values.quantity, most) : null;
      if (message !== null) errors.quantity = message;
      return errors;
    },
  });

  const update = trpc.volunteers.updateByToken.useMutation({
    onSuccess: async (updated) => {
      notifySuccess(i18n._('Signup Updated'), i18n._('Your changes have been saved.'));
      // The details this browser remembers for the next signup follow the correction.
      if (readSignupMemory().details?.email === updated.email) {
        updateRememberedDetails({ name: updated.name, phone: updated.phone });
      }
      await Promise.all([utils.volunteers.manageInfo.invalidate({ token }), utils.sheets.invalidate()]);
    },
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="my-signup-details">
      <Title order={2} size="h4" id="my-signup-details">
        {i18n._('Your details')}
      </Title>
      <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        {i18n._('Email: {email}', { email: signup.email })}
      </Text>
      <form
        noValidate
        onSubmit={handleSubmit((parsed, values) =>
          update.mutate(
            {
              token,
              name: parsed.name,
              phone: parsed.phone,
              notes: parsed.notes ?? null,
              answers: answersToSend(questions, values.answers),
              ...(item ? { quantity: Number(values.quantity) } : {}),
            },
            {
              onError: (error) => {
                const field = errorField(error);
                const message = serverMessage(error);
                const onField =
                  field !== null && message !== null && (editFields.has(field) || field.startsWith('answers.'));
                if (onField) showFieldErrors({ [field]: message });
                else
                  notifyFailure(
                    i18n._('Update Failed'),
                    error,
                    i18n._('Failed to save your changes. Please try again.'),
                  );
              },
            },
          ),
        )}
      >
        <Stack gap="sm">
          <TextInput label={i18n._('Name')} autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput label={i18n._('Phone')} type="tel" autoComplete="tel" required {...form.getInputProps('phone')} />
          <Textarea
            label={i18n._('Notes')}
            description={i18n._('Optional: anything the organizer should know')}
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('notes')}
          />
          <AnswerFields questions={questions} form={form} />
          {item && (
            <NumberInput
              label={i18n._('How many will you bring?')}
              required
              min={1}
              max={most}
              allowDecimal={false}
              allowNegative={false}
              // Too many is said in words ('Only 12 still needed for this item'), not quietly lowered.
              clampBehavior="none"
              inputMode="numeric"
              w={{ base: '100%', xs: 220 }}
              {...form.getInputProps('quantity')}
            />
          )}
          <Group>
            <Button type="submit" loading={update.isPending}>
              {i18n._('Save changes')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
