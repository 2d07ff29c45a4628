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

/** The tRPC error code ('NOT_FOUND', 'FORBIDDEN', ...) of an API error, or null. */
export function errorCode(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data: unknown = error.data;
  if (typeof data === 'object' && data !== null && 'code' in data && typeof data.code === 'string') {
    return data.code;
  }
  return null;
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
