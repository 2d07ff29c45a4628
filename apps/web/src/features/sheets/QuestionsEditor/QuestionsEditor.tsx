import { useLingui } from '@lingui/react';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type QuestionKind, questionKinds, questionLimits, questionMessages } from '@pac/validators';
import { useEffect, useId, useState } from 'react';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '../../../components/Icons';
import { catalogText } from '../../../lib/catalogText';
import { minChoiceOptions, newQuestion, type QuestionFormValue } from './questionForm';

/** A form that holds a sheet's questions. */
export interface QuestionsFormValues extends Record<string, unknown> {
  questions: QuestionFormValue[];
}

export interface QuestionsEditorProps<Values extends QuestionsFormValues> {
  form: UseFormReturnType<Values>;
}

// Catalog messages, shown through i18n._.
const kindLabels: Record<QuestionKind, string> = {
  text: /*i18n*/ 'Text',
  choice: /*i18n*/ 'Choice',
  checkbox: /*i18n*/ 'Checkbox',
};
const kindHints: Record<QuestionKind, string> = {
  text: /*i18n*/ 'Volunteers type their answer.',
  choice: /*i18n*/ 'Volunteers pick one of the options.',
  checkbox: /*i18n*/ 'Volunteers tick a box; the question is its label.',
};

const isKind = (value: string): value is QuestionKind => (questionKinds as readonly string[]).includes(value);

/** The ids of a question's controls, so that focus can follow a question that moves or goes. */
function controlIds(base: string, key: string) {
  const id = `${base}-${key}`;
  return {
    heading: `${id}-heading`,
    label: `${id}-label`,
    up: `${id}-up`,
    down: `${id}-down`,
    optionsHeading: `${id}-options`,
    optionsError: `${id}-options-error`,
    option: (index: number) => `${id}-option-${index}`,
    addOption: `${id}-add-option`,
  };
}

/**
 * 'Questions for volunteers': up to 10 questions everyone who signs up answers, each with its
 * wording, its type (Text, Choice with 2 to 20 options, Checkbox) and whether it is required;
 * added, removed and moved up or down. Focus follows the question a button moved or removed, and
 * a polite live region says what happened. Messages come from the shared schema through the form
 * (`questions.N.label`, `questions.N.options`, `questions.N.options.M`).
 */
export function QuestionsEditor<Values extends QuestionsFormValues>({ form }: QuestionsEditorProps<Values>) {
  const { i18n } = useLingui();
  const kindData = questionKinds.map((kind) => ({ value: kind, label: i18n._(kindLabels[kind]) }));
  const base = useId();
  const questions = form.values.questions;
  // A new object per request, so that moving focus to the same control twice still happens.
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const addId = `${base}-add`;

  // After the list has re-rendered: the control the last action moved focus to.
  useEffect(() => {
    if (focusRequest !== null) document.getElementById(focusRequest.id)?.focus();
  }, [focusRequest]);
  const setFocusTarget = (id: string) => setFocusRequest({ id });

  // Mantine types a path's value from the form's values, which a component generic over them
  // cannot name: these take what the questions' paths hold.
  const setValue = (at: string, value: string | string[]) => form.setFieldValue(at, value as never);
  const insertItem = (at: string, item: QuestionFormValue | string) => form.insertListItem(at, item as never);

  const path = (index: number, field?: string) => `questions.${index}${field === undefined ? '' : `.${field}`}`;
  const errorOf = (key: string) => form.errors[key];

  const add = () => {
    const question = newQuestion();
    insertItem('questions', question);
    setFocusTarget(controlIds(base, question.key).label);
    setAnnouncement(i18n._('Question {number} added', { number: questions.length + 1 }));
  };

  const remove = (index: number) => {
    const next = questions[index + 1] ?? questions[index - 1];
    form.removeListItem('questions', index);
    setFocusTarget(next === undefined ? addId : controlIds(base, next.key).label);
    setAnnouncement(i18n._('Question {number} removed', { number: index + 1 }));
  };

  const move = (index: number, to: number) => {
    const question = questions[index];
    if (question === undefined || to < 0 || to >= questions.length) return;
    form.reorderListItem('questions', { from: index, to });
    const ids = controlIds(base, question.key);
    // The button pressed may now be disabled (the first cannot go up): then the other one.
    const atEnd = to === 0 || to === questions.length - 1;
    setFocusTarget(atEnd ? (to === 0 ? ids.down : ids.up) : to < index ? ids.up : ids.down);
    setAnnouncement(
      i18n._('Question moved to position {position} of {count}', { position: to + 1, count: questions.length }),
    );
  };

  const setKind = (index: number, kind: QuestionKind) => {
    const question = questions[index];
    if (question === undefined) return;
    setValue(path(index, 'kind'), kind);
    if (kind === 'choice' && question.options.length < minChoiceOptions) {
      const options = [...question.options];
      while (options.length < minChoiceOptions) options.push('');
      setValue(path(index, 'options'), options);
    }
    // Messages about options that are no longer shown (or not yet typed) go.
    const prefix = path(index, 'options');
    form.setErrors((errors) =>
      Object.fromEntries(Object.entries(errors).filter(([key]) => key !== prefix && !key.startsWith(`${prefix}.`))),
    );
  };

  const addOption = (index: number, question: QuestionFormValue) => {
    insertItem(path(index, 'options'), '');
    setFocusTarget(controlIds(base, question.key).option(question.options.length));
  };

  const removeOption = (index: number, question: QuestionFormValue, option: number) => {
    form.removeListItem(path(index, 'options'), option);
    const ids = controlIds(base, question.key);
    setFocusTarget(ids.option(Math.min(option, question.options.length - 2)));
    setAnnouncement(i18n._('Option {number} removed', { number: option + 1 }));
  };

  const full = questions.length >= questionLimits.questions;

  return (
    <Fieldset
      legend={i18n._('Questions for volunteers')}
      variant="unstyled"
      styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' } }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {i18n._(
            "Everyone who signs up answers these (at most {count}), for example a child's class or a T-shirt size.",
            { count: questionLimits.questions },
          )}
        </Text>
        {questions.map((question, index) => {
          const ids = controlIds(base, question.key);
          const number = index + 1;
          const optionsError = errorOf(path(index, 'options'));
          return (
            <Paper
              key={question.key}
              component="fieldset"
              withBorder
              p="sm"
              m={0}
              miw={0}
              aria-labelledby={ids.heading}
            >
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text id={ids.heading} fw={600} size="sm">
                    {i18n._('Question {number}', { number })}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={i18n._('Move up')}>
                      <ActionIcon
                        id={ids.up}
                        variant="subtle"
                        size="lg"
                        aria-label={i18n._('Move question {number} up', { number })}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                      >
                        <ArrowUpIcon />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={i18n._('Move down')}>
                      <ActionIcon
                        id={ids.down}
                        variant="subtle"
                        size="lg"
                        aria-label={i18n._('Move question {number} down', { number })}
                        disabled={index === questions.length - 1}
                        onClick={() => move(index, index + 1)}
                      >
                        <ArrowDownIcon />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={i18n._('Remove question')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={i18n._('Remove question {number}', { number })}
                        onClick={() => remove(index)}
                      >
                        <TrashIcon />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
                <TextInput
                  id={ids.label}
                  label={i18n._('Question')}
                  placeholder={
                    question.kind === 'checkbox'
                      ? i18n._('I can bring a folding table')
                      : i18n._("Child's name and class")
                  }
                  required
                  maxLength={questionLimits.label}
                  {...form.getInputProps(path(index, 'label'))}
                />
                <Group align="flex-end" gap="md" wrap="wrap">
                  <NativeSelect
                    label={i18n._('Answer type')}
                    description={i18n._(kindHints[question.kind])}
                    data={kindData}
                    value={question.kind}
                    onChange={(event) => {
                      const kind = event.currentTarget.value;
                      if (isKind(kind)) setKind(index, kind);
                    }}
                    style={{ flex: '1 1 12rem' }}
                  />
                  <Switch
                    label={i18n._('Required', undefined, { comment: 'Switch: whether a question must be answered' })}
                    mb={6}
                    {...form.getInputProps(path(index, 'required'), { type: 'checkbox' })}
                  />
                </Group>
                {question.kind === 'choice' && (
                  <Stack
                    component="fieldset"
                    gap="xs"
                    m={0}
                    p={0}
                    miw={0}
                    style={{ border: 0 }}
                    aria-labelledby={ids.optionsHeading}
                    aria-describedby={optionsError ? ids.optionsError : undefined}
                  >
                    <Text id={ids.optionsHeading} size="sm" fw={500}>
                      {i18n._('Options for question {number}', { number })}
                    </Text>
                    {question.options.map((_, option) => (
                      <Group key={option} gap="xs" align="flex-start" wrap="nowrap">
                        <TextInput
                          id={ids.option(option)}
                          label={i18n._('Option {number}', { number: option + 1 })}
                          required
                          maxLength={questionLimits.option}
                          style={{ flex: 1, minWidth: 0 }}
                          {...form.getInputProps(path(index, `options.${option}`))}
                        />
                        {question.options.length > minChoiceOptions && (
                          <Tooltip label={i18n._('Remove option')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              size="lg"
                              mt={26}
                              aria-label={i18n._('Remove option {option} of question {number}', {
                                option: option + 1,
                                number,
                              })}
                              onClick={() => removeOption(index, question, option)}
                            >
                              <TrashIcon />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    ))}
                    {optionsError && (
                      <Text id={ids.optionsError} size="sm" c="red.8">
                        {optionsError}
                      </Text>
                    )}
                    <Button
                      id={ids.addOption}
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<PlusIcon />}
                      style={{ alignSelf: 'flex-start' }}
                      disabled={question.options.length >= questionLimits.options}
                      onClick={() => addOption(index, question)}
                    >
                      {i18n._('Add option')}
                    </Button>
                  </Stack>
                )}
              </Stack>
            </Paper>
          );
        })}
        <Button
          id={addId}
          variant="light"
          leftSection={<PlusIcon />}
          style={{ alignSelf: 'flex-start' }}
          disabled={full}
          onClick={add}
        >
          {i18n._('Add question')}
        </Button>
        {full && (
          <Text size="sm" c="dimmed">
            {catalogText(i18n, questionMessages.tooMany)}
          </Text>
        )}
        <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      </Stack>
    </Fieldset>
  );
}
