import { useLingui } from '@lingui/react';
import { Checkbox, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Question } from '@pac/validators';
import { type AnswerValues, answerPath } from '../answers';

/** Up to this many options show as radio buttons (all in sight); more as a drop-down list. */
const radioOptionLimit = 6;

export interface AnswerFieldsProps<Values extends { answers: AnswerValues }> {
  questions: readonly Question[];
  /** The form the answers belong to, at `answers.<questionId>`. */
  form: UseFormReturnType<Values>;
}

/**
 * A field for each of a sheet's questions: a text box, a choice (radio buttons, or a drop-down
 * list for many options) or a checkbox, a required one marked with a star. They render as
 * siblings (no wrapper), so they sit in the form's own Stack.
 */
export function AnswerFields<Values extends { answers: AnswerValues }>({ questions, form }: AnswerFieldsProps<Values>) {
  const { i18n } = useLingui();
  return questions.map((q) => {
    const path = answerPath(q.id);
    if (q.kind === 'checkbox') {
      return (
        <Checkbox
          key={q.id}
          required={q.required}
          label={
            <>
              {q.label}
              {q.required && (
                <Text component="span" c="red.8" aria-hidden>
                  {' *'}
                </Text>
              )}
            </>
          }
          {...form.getInputProps(path, { type: 'checkbox' })}
        />
      );
    }
    if (q.kind === 'choice') {
      const options = q.options ?? [];
      if (options.length > radioOptionLimit) {
        return (
          <NativeSelect
            key={q.id}
            label={q.label}
            required={q.required}
            data={[
              {
                value: '',
                label: i18n._('Choose…', undefined, { comment: 'The empty first option of a drop-down list' }),
              },
              ...options,
            ]}
            {...form.getInputProps(path)}
          />
        );
      }
      return (
        <Radio.Group key={q.id} label={q.label} required={q.required} {...form.getInputProps(path)}>
          <Stack gap="xs" mt={6}>
            {options.map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Stack>
        </Radio.Group>
      );
    }
    return <TextInput key={q.id} label={q.label} required={q.required} {...form.getInputProps(path)} />;
  });
}
