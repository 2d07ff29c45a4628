import type { ServerResponse } from 'node:http';
import {
  cannotSaveRefusal,
  cannotSaveRetryAfterSeconds,
  englishText,
  errorDetails,
  publicMessage,
  type ServerMessage,
  translated,
  zodIssues,
} from '@pac/api';
import { i18nFor } from '@pac/i18n/server';
import type { Language } from '@pac/validators/page-data';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { logRequestError } from './requestLog';
import { requestLanguage } from './session';

/**
 * An error raised by the HTTP edge itself, before any procedure runs. Its `message` is the English
 * sentence; `sentence` is the same as the catalogs know it (`sendError` answers it in the caller's
 * language).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly sentence: ServerMessage,
  ) {
    super(englishText(sentence));
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/**
 * The one place where errors become API.md's `{ message, code, issues? }` bodies. Anything
 * unexpected is logged here, once, and answered without internals. The sentences (the message, the
 * issues' and the `error` field's) are in `language`, the request's (API.md "Languages"), when the
 * catalogs know them; without it, the language its cookie or browser asks for.
 */
export function sendError(
  res: ServerResponse,
  error: unknown,
  options: { errorField?: boolean; language?: Language } = {},
): void {
  const i18n = i18nFor(options.language ?? requestLanguage(res.req, null));
  const withErrorField = (body: Record<string, unknown>) =>
    options.errorField ? { ...body, error: body.message } : body;
  if (error instanceof HttpError) {
    sendJson(res, error.status, withErrorField({ message: translated(i18n, error.sentence), code: error.code }));
    return;
  }
  // A write the disk refused (full or read-only), in a procedure or here at the edge (a session's
  // last-seen time): 503 with its sentence, and a hint of when to try again.
  const cannotSave = cannotSaveRefusal(error);
  const trpcError =
    cannotSave ??
    (error instanceof TRPCError
      ? error
      : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Unexpected error', cause: error }));
  const status = getHTTPStatusCodeFromError(trpcError);
  // The procedure that answered a cannot-save refusal has logged it (packages/api trpc.ts).
  if (status >= 500 && cannotSave !== error) logRequestError(res.req, 'Request failed', trpcError.cause ?? trpcError);
  if (cannotSave) res.setHeader('Retry-After', String(cannotSaveRetryAfterSeconds));
  const body: Record<string, unknown> = { message: publicMessage(trpcError, i18n), code: trpcError.code };
  if (trpcError.cause instanceof ZodError) body.issues = zodIssues(trpcError.cause, i18n);
  // Which of several slots a refusal is about (API.md: a multi-slot signup's full slot).
  const { slotId } = errorDetails(trpcError);
  if (slotId !== undefined) body.slotId = slotId;
  sendJson(res, status, withErrorField(body));
}
