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
