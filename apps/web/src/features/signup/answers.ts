import { type Answers, checkAnswers, type Question, quantitySchema, signupMessages } from '@pac/validators';

/**
 * The form side of a sheet's questions and an item slot's quantity: the values a form starts
 * with, and its messages by field, the same sentences the server answers with (checkAnswers and
 * the quantity schema, shared with it), so the form says them before anything is sent.
 */

/** An answer as a form field holds it: text or a choice as a string, a checkbox as a boolean. */
export type AnswerValues = Record<string, string | boolean>;

/** The answers field of a question (`answers.<id>`), as forms and the server's `field` name it. */
export function answerPath(questionId: string): string {
  return `answers.${questionId}`;
}

/** A form's first values for the questions: empty, or the answers already given. */
export function initialAnswers(questions: readonly Question[], given: Answers = {}): AnswerValues {
  return Object.fromEntries(
    questions.map((q): [string, string | boolean] => {
      const answer = given[q.id];
      if (q.kind === 'checkbox') return [q.id, answer === true];
      return [q.id, typeof answer === 'string' ? answer : ''];
    }),
  );
}

/** The message of each question whose answer the server would refuse, by field path. */
export function answerErrors(questions: readonly Question[], answers: AnswerValues): Record<string, string> {
  return Object.fromEntries(checkAnswers(questions, answers).issues.map((i) => [answerPath(i.questionId), i.message]));
}

/** The answers as they are sent: trimmed, empty ones left out (what the server keeps). */
export function answersToSend(questions: readonly Question[], answers: AnswerValues): Answers {
  return checkAnswers(questions, answers).answers;
}

/** What is still needed of an item slot (its quantity needed less what is promised), never below 0. */
export function stillNeeded(slot: { maxVolunteers: number; currentVolunteers: number }): number {
  return Math.max(0, slot.maxVolunteers - slot.currentVolunteers);
}

/**
 * The message for a quantity the server would refuse, or null: a whole number of at least 1, and
 * no more than `most` (what is still needed; on a full slot's waitlist, the whole quantity).
 */
export function quantityError(value: unknown, most: number): string | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  const parsed = quantitySchema.safeParse(number);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? signupMessages.quantity;
  if (parsed.data > most) return signupMessages.stillNeeded(most);
  return null;
}
