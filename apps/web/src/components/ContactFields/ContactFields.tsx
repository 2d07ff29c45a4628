import { useLingui } from '@lingui/react';
import { Checkbox, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';

/** The values the contact fields edit; a form's values may hold more. */
export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  emailConsent: boolean;
}

/** The three text fields of a contact. */
export type ContactTextField = 'name' | 'email' | 'phone';

export interface ContactFieldsProps<Values extends ContactValues> {
  /** The form the fields belong to (from `useSchemaForm`); its schema gives their messages. */
  form: UseFormReturnType<Values>;
  /** The fields shown as required; none by default. */
  required?: readonly ContactTextField[];
  /**
   * How a required field is shown: 'asterisk' marks its label only, 'attribute' also sets the
   * input's `required` attribute, which screen readers announce. The schema checks either way.
   */
  requiredMark?: 'asterisk' | 'attribute';
  /** Focus the name field when the dialog opens (Mantine's `data-autofocus`). */
  autoFocus?: boolean;
  /**
   * 'contact' lets the browser fill in the user's own name, email and phone; 'off' is for someone
   * else's details, where the user's own would be wrong.
   */
  autoComplete?: 'contact' | 'off';
  /** A line under a field's label, e.g. 'Optional'. */
  descriptions?: Partial<Record<ContactTextField, string>>;
  /** The email-consent checkbox's label; without one there is no checkbox. */
  consentLabel?: string;
  /** Fields of the form that come between email and phone (e.g. the new password). */
  afterEmail?: ReactNode;
  /** Fields of the form that come between phone and the consent checkbox (e.g. notes). */
  beforeConsent?: ReactNode;
}

const autoCompleteValues: Record<ContactTextField, string> = { name: 'name', email: 'email', phone: 'tel' };

/**
 * Name, email, phone and the email-consent checkbox, the same in every form that asks for them.
 * They render as siblings (no wrapper), so they sit in the form's own Stack.
 */
export function ContactFields<Values extends ContactValues>({
  form,
  required = [],
  requiredMark = 'asterisk',
  autoFocus = false,
  autoComplete = 'contact',
  descriptions = {},
  consentLabel,
  afterEmail,
  beforeConsent,
}: ContactFieldsProps<Values>) {
  const { i18n } = useLingui();
  const fieldProps = (field: ContactTextField) => ({
    autoComplete: autoComplete === 'off' ? 'off' : autoCompleteValues[field],
    description: descriptions[field],
    ...(required.includes(field) && (requiredMark === 'attribute' ? { required: true } : { withAsterisk: true })),
    ...form.getInputProps(field),
  });

  return (
    <>
      <TextInput label={i18n._('Name')} data-autofocus={autoFocus || undefined} {...fieldProps('name')} />
      <TextInput label={i18n._('Email')} type="email" {...fieldProps('email')} />
      {afterEmail}
      <TextInput label={i18n._('Phone')} type="tel" {...fieldProps('phone')} />
      {beforeConsent}
      {consentLabel !== undefined && (
        <Checkbox label={consentLabel} {...form.getInputProps('emailConsent', { type: 'checkbox' })} />
      )}
    </>
  );
}
