import { z } from 'zod';
import { fill } from './fill';

/**
 * The questions a sheet asks everyone who signs up ("Child's name and class", "T-shirt size") and
 * the rules for their answers (API.md "Signing up for several slots, questions and items"), shared
 * by the sheet dialog, the signup form and the server, so the form shows the server's sentences.
 */

export const questionKinds = ['text', 'choice', 'checkbox'] as const;
export type QuestionKind = (typeof questionKinds)[number];

export const questionLimits = {
  questions: 10,
  label: 200,
  options: 20,
  option: 100,
  idLength: 40,
  answerText: 1000,
} as const;

export const questionMessages = {
  labelRequired: /*i18n*/ 'Question is required',
  tooMany: fill(/*i18n*/ 'A sheet can ask at most {count} questions', { count: questionLimits.questions }),
  optionsRequired: /*i18n*/ 'A choice question needs at least 2 options',
  tooManyOptions: fill(/*i18n*/ 'A choice question can have at most {count} options', {
    count: questionLimits.options,
  }),
  optionRequired: /*i18n*/ 'Option is required',
  duplicateOption: /*i18n*/ 'Each option must be different',
  duplicateId: /*i18n*/ 'Each question needs its own id',
  answerRequired: (label: string) => fill(/*i18n*/ '{label} is required', { label }),
  notAnOption: (label: string) => fill(/*i18n*/ 'Please choose one of the options for {label}', { label }),
  answerTooLong: (label: string) =>
    fill(/*i18n*/ '{label} must be at most {max} characters', { label, max: questionLimits.answerText }),
  notText: (label: string) => fill(/*i18n*/ '{label} must be text', { label }),
  notCheckbox: (label: string) => fill(/*i18n*/ '{label} must be ticked or not', { label }),
} as const;

const questionIdSchema = z
  .string({ error: /*i18n*/ 'Question id must be text' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, /*i18n*/ 'Question id must be 1 to 40 letters, digits, - or _');

/** A question as an organizer writes it; without an id the server gives it one. */
export const questionInputSchema = z
  .object({
    id: questionIdSchema.optional(),
    label: z
      .string({ error: questionMessages.labelRequired })
      .trim()
      .min(1, questionMessages.labelRequired)
      .max(questionLimits.label, fill(/*i18n*/ 'Must be at most {max} characters', { max: questionLimits.label })),
    kind: z.enum(questionKinds, { error: /*i18n*/ 'Question type must be text, choice or checkbox' }),
    options: z
      .array(
        z
          .string({ error: questionMessages.optionRequired })
          .trim()
          .min(1, questionMessages.optionRequired)
          .max(
            questionLimits.option,
            fill(/*i18n*/ 'Must be at most {max} characters', { max: questionLimits.option }),
          ),
      )
      .max(questionLimits.options, questionMessages.tooManyOptions)
      .optional(),
    required: z.boolean({ error: /*i18n*/ 'Required must be true or false' }).default(false),
  })
  .superRefine((q, issue) => {
    if (q.kind !== 'choice') return;
    const options = q.options ?? [];
    if (options.length < 2)
      issue.addIssue({ code: 'custom', message: questionMessages.optionsRequired, path: ['options'] });
    const seen = new Set<string>();
    options.forEach((o, i) => {
      const key = o.toLowerCase();
      if (seen.has(key))
        issue.addIssue({ code: 'custom', message: questionMessages.duplicateOption, path: ['options', i] });
      seen.add(key);
    });
  })
  // Options belong to choice questions only.
  .transform((q) => (q.kind === 'choice' ? q : { id: q.id, label: q.label, kind: q.kind, required: q.required }));
export type QuestionInput = z.input<typeof questionInputSchema>;

export const questionsSchema = z
  .array(questionInputSchema, { error: /*i18n*/ 'Questions must be a list' })
  .max(questionLimits.questions, questionMessages.tooMany)
  .superRefine((list, issue) => {
    const seen = new Set<string>();
    list.forEach((q, i) => {
      if (q.id === undefined) return;
      if (seen.has(q.id)) issue.addIssue({ code: 'custom', message: questionMessages.duplicateId, path: [i, 'id'] });
      seen.add(q.id);
    });
  });

/** A question as a sheet holds it: every one has its id. */
export interface Question {
  id: string;
  label: string;
  kind: QuestionKind;
  options?: string[];
  required: boolean;
}

/** A signup's answers by question id: text and choices as strings, a checkbox as a boolean. */
export type Answers = Record<string, string | boolean>;

/** Answers as they arrive: at most a few dozen keys of bounded text or booleans. */
export const answersRecordSchema = z
  .record(
    questionIdSchema,
    z.union([z.string().max(questionLimits.answerText * 2, /*i18n*/ 'Answer is too long'), z.boolean()], {
      error: /*i18n*/ 'Each answer must be text or true/false',
    }),
    { error: /*i18n*/ 'Answers must be an object of question ids' },
  )
  .refine((a) => Object.keys(a).length <= questionLimits.questions * 3, /*i18n*/ 'Too many answers');

/** Answers of a new signup: none given is none. */
export const answersSchema = answersRecordSchema.default({});

export interface AnswerIssue {
  questionId: string;
  message: string;
}

/**
 * Checks answers against a sheet's questions: the first issue per question (a required one left
 * empty, a choice that is not an option, text too long, the wrong type), and the answers as they
 * are kept: trimmed, empty ones and those to questions the sheet does not ask left out.
 */
export function checkAnswers(
  questions: readonly Question[],
  answers: Readonly<Record<string, unknown>> | undefined,
): { issues: AnswerIssue[]; answers: Answers } {
  const issues: AnswerIssue[] = [];
  const kept: Answers = {};
  for (const q of questions) {
    const raw = answers?.[q.id];
    const fail = (message: string) => issues.push({ questionId: q.id, message });
    if (q.kind === 'checkbox') {
      if (raw !== undefined && raw !== null && typeof raw !== 'boolean') {
        fail(questionMessages.notCheckbox(q.label));
        continue;
      }
      if (raw === true) kept[q.id] = true;
      else if (q.required) fail(questionMessages.answerRequired(q.label));
      else if (raw === false) kept[q.id] = false;
      continue;
    }
    if (raw !== undefined && raw !== null && typeof raw !== 'string') {
      fail(questionMessages.notText(q.label));
      continue;
    }
    const text = (raw ?? '').trim();
    if (text === '') {
      if (q.required) fail(questionMessages.answerRequired(q.label));
      continue;
    }
    if (q.kind === 'choice' && !(q.options ?? []).includes(text)) {
      fail(questionMessages.notAnOption(q.label));
      continue;
    }
    if (text.length > questionLimits.answerText) {
      fail(questionMessages.answerTooLong(q.label));
      continue;
    }
    kept[q.id] = text;
  }
  return { issues, answers: kept };
}

/** An answer as a person reads it (the roster, the CSV, emails): a checkbox as Yes or No. */
export function answerText(answer: string | boolean | undefined): string {
  if (answer === undefined) return '';
  if (typeof answer === 'boolean') return answer ? /*i18n*/ 'Yes' : /*i18n*/ 'No';
  return answer;
}
