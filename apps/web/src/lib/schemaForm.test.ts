import { type I18n, setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { i18nFor } from '@pac/i18n/server';
import { slotUpdateSchema, volunteerSignupSchema } from '@pac/validators';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { focusFirstInvalid, schemaErrors, translatedErrors, useSchemaForm, zodResolver } from './schemaForm';

/** The hooks' page messages: English unless told. */
function inLanguage(i18n: I18n = i18nFor('en')) {
  return ({ children }: { children: ReactNode }) => createElement(I18nProvider, { i18n }, children);
}

/** A French page whose catalog knows one of the schemas' messages. */
const french = setupI18n({ locale: 'fr', messages: { fr: { 'Name is required': 'Le nom est obligatoire' } } });

describe('schemaErrors', () => {
  it("maps the shared schema's issues to fields with SPEC.md's messages", () => {
    expect(schemaErrors(volunteerSignupSchema, { slotId: 1, name: '', email: '', phone: '', notes: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone is required',
    });
  });

  it('keeps the first issue of a field', () => {
    expect(schemaErrors(volunteerSignupSchema, { slotId: 1, name: 'A', email: 'not-an-email', phone: '1' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('puts a cross-field issue on the field it names', () => {
    expect(
      schemaErrors(slotUpdateSchema, { id: 1, startTime: '2031-05-03T10:00', endTime: '2031-05-03T09:00' }),
    ).toEqual({ endTime: 'End time must be after start time' });
  });

  it('is empty for valid input', () => {
    expect(schemaErrors(volunteerSignupSchema, { slotId: 1, name: 'A', email: 'a@example.org', phone: '1' })).toEqual(
      {},
    );
  });
});

describe('zodResolver', () => {
  it('turns form values into the schema input first', () => {
    const resolve = zodResolver(volunteerSignupSchema, (values: { name: string }) => ({
      ...values,
      slotId: 1,
      email: 'a@example.org',
      phone: '555',
    }));
    expect(resolve({ name: ' ' })).toEqual({ name: 'Name is required' });
    expect(resolve({ name: 'Jo' })).toEqual({});
  });
});

describe('focusFirstInvalid', () => {
  function formWith(html: string): HTMLFormElement {
    const form = document.createElement('form');
    form.innerHTML = html;
    document.body.append(form);
    return form;
  }

  it('focuses the first invalid field in reading order, skipping disabled ones, and scrolls it to the middle', () => {
    const form = formWith(`
      <input id="ok" />
      <input id="off" aria-invalid="true" disabled />
      <textarea id="first" aria-invalid="true"></textarea>
      <input id="second" aria-invalid="true" />`);
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    expect(focusFirstInvalid(form)?.id).toBe('first');
    expect(document.activeElement?.id).toBe('first');
    expect(scrolled).toHaveBeenCalledWith({ block: 'center', inline: 'nearest' });
    scrolled.mockRestore();
    form.remove();
  });

  it('does nothing when no field is invalid, or there is no form', () => {
    const form = formWith('<input id="a" /><input id="b" aria-invalid="false" />');
    expect(focusFirstInvalid(form)).toBeNull();
    expect(focusFirstInvalid(null)).toBeNull();
    expect(document.activeElement).toBe(document.body);
    form.remove();
  });
});

describe('useSchemaForm: checks beyond the schema', () => {
  it("adds the check's errors by field path, the schema's first for a field both name, and sends nothing", () => {
    const handler = vi.fn();
    const { result } = renderHook(
      () =>
        useSchemaForm({
          initialValues: { name: '', answers: { size: '' } },
          schema: z.object({ name: z.string().min(1, 'Name is required') }),
          check: (values): Record<string, string> =>
            values.answers.size === '' ? { 'answers.size': 'T-shirt size is required', name: 'Not this one' } : {},
        }),
      { wrapper: inLanguage() },
    );
    act(() => result.current.onSubmit(handler)());
    expect(result.current.form.errors).toEqual({
      name: 'Name is required',
      'answers.size': 'T-shirt size is required',
    });
    expect(handler).not.toHaveBeenCalled();
    act(() => {
      result.current.form.setValues({ name: 'Jamie', answers: { size: 'M' } });
    });
    act(() => result.current.onSubmit(handler)());
    expect(handler).toHaveBeenCalledWith({ name: 'Jamie' }, { name: 'Jamie', answers: { size: 'M' } });
  });
});

describe('useSchemaForm: the page language', () => {
  it("shows the schema's messages in the page's language, and text the catalog does not know as it is", () => {
    const { result } = renderHook(
      () =>
        useSchemaForm({
          initialValues: { name: '', size: '' },
          schema: z.object({ name: z.string().min(1, 'Name is required') }),
          check: (values): Record<string, string> => (values.size === '' ? { size: 'Taille requise' } : {}),
        }),
      { wrapper: inLanguage(french) },
    );
    act(() => result.current.onSubmit(vi.fn())());
    expect(result.current.form.errors).toEqual({ name: 'Le nom est obligatoire', size: 'Taille requise' });
  });
});

describe('translatedErrors', () => {
  it('translates the messages the catalog knows', () => {
    expect(translatedErrors(french, { name: 'Name is required', email: 'Adresse invalide' })).toEqual({
      name: 'Le nom est obligatoire',
      email: 'Adresse invalide',
    });
  });
});
