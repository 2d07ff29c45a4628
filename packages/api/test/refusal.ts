import { TRPCError } from '@trpc/server';
import { errorDetails } from '../src/lib/errors';
import { publicMessage } from '../src/trpc';

/**
 * The refusal a call ends in, as a caller reads it: its code, the sentence it shows, its reason
 * and field (and slotId). Throws when the call succeeds or fails some other way.
 */
export async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, message: publicMessage(error), ...errorDetails(error) };
}

/** The code a call is refused with, or 'OK' when it succeeds. */
export async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
  return 'OK';
}
