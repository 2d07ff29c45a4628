import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { type FormErrors, useForm, type UseFormReturnType } from '@mantine/form';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { catalogText } from './catalogText';

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

/**
 * Field errors in the page's language: the shared schemas' messages are English ids of the
 * catalogs (`schemaErrors`), shown translated; any other text is shown as it is.
 */
export function translatedErrors(i18n: I18n, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, catalogText(i18n, message)]));
}

/** A Mantine form validator from a zod schema; `toInput` turns form values into the schema's input. */
export function zodResolver<Values>(
  schema: z.ZodType,
  toInput: (values: Values) => unknown = (values) => values,
): (values: Values) => FormErrors {
  return (values) => schemaErrors(schema, toInput(values));
}

/**
 * Scrolls the first invalid field of `root` (in reading order: `aria-invalid="true"`, as Mantine
 * marks a field with an error) to the middle of its scrolled area, so that its label and its
 * message show too, and focuses it. Returns the field, or null when none is invalid.
 */
export function focusFirstInvalid(root: ParentNode | null): HTMLElement | null {
  if (root === null) return null;
  const field = Array.from(root.querySelectorAll<HTMLElement>('[aria-invalid="true"]')).find(
    (element) => !element.matches(':disabled'),
  );
  if (field === undefined) return null;
  field.scrollIntoView({ block: 'center', inline: 'nearest' });
  field.focus({ preventScroll: true });
  return field;
}

/**
 * `focus(form)` moves focus to the first invalid field of `form` once the render that shows the
 * errors has happened (after a failed submit, errors are state: the fields are not marked yet).
 */
export function useFocusFirstInvalid(): (form: HTMLFormElement | null) => void {
  const [request, setRequest] = useState<{ form: HTMLFormElement | null } | null>(null);
  useEffect(() => {
    if (request !== null) focusFirstInvalid(request.form);
  }, [request]);
  return useCallback((form) => setRequest({ form }), []);
}

interface SchemaFormOptions<Values, Schema extends z.ZodType> {
  initialValues: Values;
  schema: Schema;
  toInput?: (values: Values) => unknown;
  /**
   * Checks a schema alone cannot make (answers against a sheet's questions, a quantity against
   * what is still needed), by field path ('answers.size', 'quantities.4'); the schema's errors
   * come first for a field both name. Like the schema's, a message that is a catalog id is shown
   * in the page's language.
   */
  check?: (values: Values) => Record<string, string>;
}

export interface SchemaForm<Values, Schema extends z.ZodType> {
  form: UseFormReturnType<Values>;
  /** A form submit handler: validates, then calls `handler` with the schema's parsed output. */
  onSubmit: (
    handler: (parsed: z.output<Schema>, values: Values) => void,
  ) => (event?: FormEvent<HTMLFormElement>) => void;
  /** Back to the initial values, with no errors and no submit attempt. */
  reset: () => void;
  /** Shows errors (e.g. a server refusal) on their fields and focuses the first; false when there are none. */
  showFieldErrors: (errors: Record<string, string>) => boolean;
}

/**
 * A Mantine form validated by a shared zod schema: validated on submit, then re-validated on
 * every change once a submit has been attempted (SPEC.md section 9). After a failed submit, and
 * after server errors shown on fields, focus and scroll go to the first invalid field. The
 * schema's messages show in the page's language; the server's (`showFieldErrors`) already are.
 */
export function useSchemaForm<Values extends Record<string, unknown>, Schema extends z.ZodType>({
  initialValues,
  schema,
  toInput = (values) => values,
  check,
}: SchemaFormOptions<Values, Schema>): SchemaForm<Values, Schema> {
  const { i18n } = useLingui();
  const attempted = useRef(false);
  const resolve = (values: Values): FormErrors => {
    const errors = schemaErrors(schema, toInput(values));
    return translatedErrors(i18n, check ? { ...check(values), ...errors } : errors);
  };
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validateInputOnChange: true,
    validate: (values) => (attempted.current ? resolve(values) : {}),
  });

  // The form element of the last submit: server errors arrive later, for that form.
  const formElement = useRef<HTMLFormElement | null>(null);
  const focusFirst = useFocusFirstInvalid();
  const showFieldErrors = (errors: Record<string, string>) => {
    if (Object.keys(errors).length === 0) return false;
    form.setErrors(errors);
    focusFirst(formElement.current);
    return true;
  };

  return {
    form,
    onSubmit: (handler) => (event) => {
      attempted.current = true;
      if (event?.currentTarget instanceof HTMLFormElement) formElement.current = event.currentTarget;
      form.onSubmit(
        (values) => {
          const parsed = schema.safeParse(toInput(values));
          if (parsed.success) handler(parsed.data, values);
        },
        () => focusFirst(formElement.current),
      )(event);
    },
    reset: () => {
      attempted.current = false;
      form.reset();
    },
    showFieldErrors,
  };
}
