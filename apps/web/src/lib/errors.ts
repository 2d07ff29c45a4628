import { TRPCClientError } from '@trpc/client';

/**
 * The sentence the server answered with, or null when there is none (a network failure, or
 * something that is not an API error). The server's messages are written for people.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  // `shape` is only present when the server answered with a tRPC error.
  const shape: unknown = error.shape;
  if (shape === undefined || shape === null) return null;
  const message = error.message.trim();
  return message === '' ? null : message;
}

/** A text entry of an API error's `data` (code, reason, field), or null. */
function dataText(error: unknown, key: 'code' | 'reason' | 'field'): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !(key in data)) return null;
  const value: unknown = (data as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The tRPC error code ('NOT_FOUND', 'FORBIDDEN', ...) of an API error, or null. */
export function errorCode(error: unknown): string | null {
  return dataText(error, 'code');
}

/**
 * Why the server refused, for machines: a stable camelCase name ('slotFull', 'emailTaken',
 * 'urlNotApproved', 'invalidInput' for input its schema refused, 'notFound'), the same whatever the
 * message says or in which language. Null when there is none (a network failure, or something that
 * is not an API error). Map refusals on this and `errorField`, never on the message's text.
 */
export function errorReason(error: unknown): string | null {
  return dataText(error, 'reason');
}

/**
 * The input field a refusal is about ('email', 'url'; a list item's path such as 'selectors.2'), or
 * null when it is about no one field.
 */
export function errorField(error: unknown): string | null {
  return dataText(error, 'field');
}

/** The slot a refusal is about, when one of several was (a multi-slot signup's full slot), or null. */
export function errorSlotId(error: unknown): number | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !('slotId' in data)) return null;
  return typeof data.slotId === 'number' && Number.isSafeInteger(data.slotId) ? data.slotId : null;
}

export function isNotFound(error: unknown): boolean {
  return errorCode(error) === 'NOT_FOUND';
}

/** A validation issue as the API reports it: the field's path ('title', 'bullets.1.text') and its message. */
export interface ApiIssue {
  path: string;
  message: string;
}

/** The validation issues of an API error (a request the server's schema refused), or none. */
export function apiIssues(error: unknown): ApiIssue[] {
  if (!(error instanceof TRPCClientError)) return [];
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !('issues' in data) || !Array.isArray(data.issues)) return [];
  return (data.issues as unknown[]).flatMap((issue) =>
    typeof issue === 'object' &&
    issue !== null &&
    'path' in issue &&
    'message' in issue &&
    typeof issue.path === 'string' &&
    typeof issue.message === 'string'
      ? [{ path: issue.path, message: issue.message }]
      : [],
  );
}
