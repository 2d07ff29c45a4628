import { type FormErrors, useForm, type UseFormReturnType } from '@mantine/form';
import { type FormEvent, useRef } from 'react';
import type { z } from 'zod';

/**
 * Field errors for an input, one per field: the first issue whose path starts with that field
 * (issues are reported in field order, so the first is the one the server would answer with).
 */
export function schemaErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((typeof field === 'string' || typeof field === 'number') && !(String(field) in errors)) {
      errors[String(field)] = issue.message;
    }
  }
  return errors;
}

/** A Mantine form validator from a zod schema; `toInput` turns form values into the schema's input. */
export function zodResolver<Values>(
  schema: z.ZodType,
  toInput: (values: Values) => unknown = (values) => values,
): (values: Values) => FormErrors {
  return (values) => schemaErrors(schema, toInput(values));
}

interface SchemaFormOptions<Values, Schema extends z.ZodType> {
  initialValues: Values;
  schema: Schema;
  toInput?: (values: Values) => unknown;
}

export interface SchemaForm<Values, Schema extends z.ZodType> {
  form: UseFormReturnType<Values>;
  /** A form submit handler: validates, then calls `handler` with the schema's parsed output. */
  onSubmit: (
    handler: (parsed: z.output<Schema>, values: Values) => void,
  ) => (event?: FormEvent<HTMLFormElement>) => void;
  /** Back to the initial values, with no errors and no submit attempt. */
  reset: () => void;
}

/**
 * A Mantine form validated by a shared zod schema: validated on submit, then re-validated on
 * every change once a submit has been attempted (SPEC.md section 9).
 */
export function useSchemaForm<Values extends Record<string, unknown>, Schema extends z.ZodType>({
  initialValues,
  schema,
  toInput = (values) => values,
}: SchemaFormOptions<Values, Schema>): SchemaForm<Values, Schema> {
  const attempted = useRef(false);
  const resolve = zodResolver(schema, toInput);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validateInputOnChange: true,
    validate: (values) => (attempted.current ? resolve(values) : {}),
  });

  return {
    form,
    onSubmit: (handler) => (event) => {
      attempted.current = true;
      form.onSubmit((values) => {
        const parsed = schema.safeParse(toInput(values));
        if (parsed.success) handler(parsed.data, values);
      })(event);
    },
    reset: () => {
      attempted.current = false;
      form.reset();
    },
  };
}
