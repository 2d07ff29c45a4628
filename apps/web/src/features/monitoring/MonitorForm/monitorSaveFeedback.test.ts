import { i18nFor } from '@pac/i18n/server';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { monitorFieldError, monitorSavedToast, monitorSaveFailure } from './monitorSaveFeedback';

const i18n = i18nFor('en');

/** A refusal as the server answers it: its message, and in `data` its reason, field and any issues. */
function serverError(
  message: string,
  issues?: { path: string; message: string }[],
  refusal: { reason: string; field?: string } = issues
    ? { reason: 'invalidInput', ...(issues[0] ? { field: issues[0].path } : {}) }
    : { reason: 'badRequest' },
) {
  return TRPCClientError.from({
    error: {
      message,
      code: -32600,
      data: { code: 'BAD_REQUEST', httpStatus: 400, path: 'monitors.create', issues, ...refusal },
    },
  });
}

const domainMessage = 'URL must be from an approved school domain (*.example-district.org)';
/** The server's url refusals: the domain rule, and a URL its check could not read. */
const domainRefusal = () => serverError(domainMessage, undefined, { reason: 'urlNotApproved', field: 'url' });
const invalidUrlRefusal = () => serverError('Must be a valid URL', undefined, { reason: 'urlInvalid', field: 'url' });

describe('monitorFieldError', () => {
  it('puts the url rules on the url field', () => {
    expect(monitorFieldError(domainRefusal())).toEqual({ field: 'url', message: domainMessage });
    expect(monitorFieldError(invalidUrlRefusal())).toEqual({
      field: 'url',
      message: 'Must be a valid URL',
    });
  });

  it('puts a validation issue on the field it names', () => {
    const error = serverError('Check at least every 5 minutes', [
      { path: 'scheduleMinutes', message: 'Check at least every 5 minutes' },
    ]);
    expect(monitorFieldError(error)).toEqual({ field: 'scheduleMinutes', message: 'Check at least every 5 minutes' });
  });

  it("puts a list item's issue on its list, skipping issues about no form field", () => {
    const error = serverError('Invalid input', [
      { path: 'id', message: 'Invalid id' },
      { path: 'selectors.2', message: 'A selector is at most 300 characters' },
    ]);
    expect(monitorFieldError(error)).toEqual({ field: 'selectors', message: 'A selector is at most 300 characters' });
  });

  it('leaves anything else to a toast', () => {
    expect(monitorFieldError(serverError('Administrator access required'))).toBeNull();
    // The url's words without its field are not a url refusal: the form maps on the field, never the text.
    expect(monitorFieldError(serverError(domainMessage, undefined, { reason: 'badRequest' }))).toBeNull();
    expect(monitorFieldError(new Error('offline'))).toBeNull();
  });
});

describe('monitorSaveFailure', () => {
  it('shows a refusal about a field on that field, for a create or an update', () => {
    expect(monitorSaveFailure(i18n, 'create', domainRefusal())).toEqual({
      on: 'field',
      field: 'url',
      message: domainMessage,
    });
    expect(monitorSaveFailure(i18n, 'update', invalidUrlRefusal())).toEqual({
      on: 'field',
      field: 'url',
      message: 'Must be a valid URL',
    });
  });

  it("toasts any other refusal with the server's sentence", () => {
    const error = serverError('Administrator access required');
    expect(monitorSaveFailure(i18n, 'create', error)).toEqual({
      on: 'toast',
      title: 'Creation Failed',
      message: 'Administrator access required',
    });
    expect(monitorSaveFailure(i18n, 'update', error)).toEqual({
      on: 'toast',
      title: 'Update Failed',
      message: 'Administrator access required',
    });
  });

  it('falls back to its own sentence when the server gave none', () => {
    expect(monitorSaveFailure(i18n, 'create', new TypeError('Failed to fetch'))).toEqual({
      on: 'toast',
      title: 'Creation Failed',
      message: 'Failed to create monitor. Please try again.',
    });
    expect(monitorSaveFailure(i18n, 'update', new TypeError('Failed to fetch'))).toEqual({
      on: 'toast',
      title: 'Update Failed',
      message: 'Failed to update monitor',
    });
  });
});

describe('monitorSavedToast', () => {
  it('announces a new monitor with its schedule, and an update by name', () => {
    const monitor = { name: 'District news', scheduleMinutes: 30 };
    expect(monitorSavedToast(i18n, 'create', monitor)).toEqual({
      title: 'Monitor Added',
      message: 'District news will be checked every 30 minutes.',
    });
    expect(monitorSavedToast(i18n, 'update', monitor)).toEqual({
      title: 'Monitor Updated',
      message: 'District news was saved.',
    });
  });
});
