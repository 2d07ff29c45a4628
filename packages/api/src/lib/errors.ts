import { cannotWrite } from '@pac/db';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { englishText, type I18n, type ServerMessage, translated } from './i18n';

/** Validation issues in the API.md error shape. */
export interface ValidationIssue {
  path: string;
  message: string;
}

/** The issues of input a schema refused, each message in the language of `i18n` (English when not given). */
export function zodIssues(error: ZodError, i18n?: I18n): ValidationIssue[] {
  return error.issues.map((i) => ({
    path: i.path.map(String).join('.'),
    message: i18n ? translated(i18n, i.message) : i.message,
  }));
}

/**
 * What an error says to machines (DESIGN.md, rule 16), beside the sentence it says to people:
 * `reason`, a stable camelCase name that does not change with the wording or the language (the
 * catalog key of its message where it has one: volunteerMessages.slotFull is 'slotFull'), and
 * `field`, the input field it is about when it is about one ('email', 'url'). Forms map an error
 * on these, never on its text. tRPC answers them in the error's `data`; REST bodies keep API.md's
 * `{ message, code, issues? }`.
 */
export interface ErrorDetails {
  reason: string;
  field?: string;
  /** The slot a refusal is about, when one of several was (a multi-slot signup's full slot). */
  slotId?: number;
}

export interface RefusalDetails extends ErrorDetails {
  /** What went wrong underneath, kept for the log (rule 15). */
  cause?: unknown;
}

/** The field of an answer to a sheet's question, as forms map it: `answers.<questionId>`. */
export function answerField(questionId: string): string {
  return ['answers', questionId].join('.');
}

/**
 * An error a procedure answers on purpose: a TRPCError with its reason and field. Made by `refuse`.
 * Its `message` is the English sentence; `sentence` is the same as the catalogs know it, which the
 * answer translates into the caller's language (lib/i18n.ts).
 */
export class Refusal extends TRPCError {
  readonly reason: string;
  readonly field: string | undefined;
  readonly slotId: number | undefined;
  readonly sentence: ServerMessage;

  constructor(code: TRPC_ERROR_CODE_KEY, message: ServerMessage, details: RefusalDetails) {
    super({ code, message: englishText(message), cause: details.cause });
    this.sentence = message;
    this.reason = details.reason;
    this.field = details.field;
    this.slotId = details.slotId;
  }
}

/**
 * The one way code under packages/api/src makes a tRPC error (eslint's no-restricted-syntax keeps
 * it so): `throw refuse('CONFLICT', volunteerMessages.slotFull, { reason: 'slotFull' })`. The code
 * and message are what callers have always seen; the reason and field are for machines. The
 * message is a sentence marked for the catalogs (`/*i18n*\/ 'This volunteer slot is full'`), or one
 * with placeholders and their values (`{ id, values }`, lib/i18n.ts).
 */
export function refuse(code: TRPC_ERROR_CODE_KEY, message: ServerMessage, details: RefusalDetails): Refusal {
  return new Refusal(code, message, details);
}

/**
 * The reason of an error nobody refused on purpose (tRPC's own: an unknown procedure, a body too
 * large; or an unexpected failure): its code in camelCase ('notFound', 'payloadTooLarge'), and
 * 'internal' for INTERNAL_SERVER_ERROR.
 */
export function reasonForCode(code: TRPC_ERROR_CODE_KEY): string {
  if (code === 'INTERNAL_SERVER_ERROR') return 'internal';
  return code.toLowerCase().replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/**
 * The reason and field of any error a procedure answers: a refusal's own; 'invalidInput' and the
 * first issue's path ('email', 'selectors.2') for input its schema refused; else the code's.
 */
export function errorDetails(error: TRPCError): ErrorDetails {
  if (error instanceof Refusal)
    return {
      reason: error.reason,
      ...(error.field === undefined ? {} : { field: error.field }),
      ...(error.slotId === undefined ? {} : { slotId: error.slotId }),
    };
  if (error.cause instanceof ZodError) {
    const field = zodIssues(error.cause)[0]?.path ?? '';
    return field === '' ? { reason: 'invalidInput' } : { reason: 'invalidInput', field };
  }
  return { reason: reasonForCode(error.code) };
}

/** A write the disk refused, full or read-only (API.md, "Mail that cannot be turned against anyone"). */
export const cannotSaveMessage = /*i18n*/ 'The server cannot save changes right now. Please try again later.';

/** The Retry-After (seconds) of such an answer: when trying the write again is worth it. */
export const cannotSaveRetryAfterSeconds = 30;

/**
 * The one answer to a write that failed because the database cannot be written (the disk full or
 * read-only: `cannotWrite` in @pac/db says which failures those are): 503 `cannotSaveMessage`,
 * reason 'databaseReadOnly', with SQLite's failure as its cause for the log. Null for any other
 * error. The tRPC procedures answer it (trpc.ts), and so does the HTTP edge for a write of its own.
 */
export function cannotSaveRefusal(error: unknown): Refusal | null {
  if (error instanceof Refusal && error.reason === 'databaseReadOnly') return error;
  const failure = cannotWrite(error);
  if (!failure) return null;
  return refuse('SERVICE_UNAVAILABLE', cannotSaveMessage, { reason: 'databaseReadOnly', cause: failure });
}
