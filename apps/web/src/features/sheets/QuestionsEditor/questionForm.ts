import { type Question, type QuestionKind, questionsSchema } from '@pac/validators';

/** A sheet's question as the sheet form holds it while the organizer edits it. */
export interface QuestionFormValue {
  /** Names the question's fields while it is edited (React's key, focus), whatever its place. */
  key: string;
  /** A saved question's id, sent back so that its answers stay attached; absent for a new one. */
  id?: string;
  label: string;
  kind: QuestionKind;
  /** The choices of a choice question; kept while another type is picked, sent for choice only. */
  options: string[];
  required: boolean;
}

let keys = 0;
/** A key for a question added in the form (saved questions use their id). */
function newKey(): string {
  keys += 1;
  return `new-${keys}`;
}

/** A new, empty question: a text answer, not required. */
export function newQuestion(): QuestionFormValue {
  return { key: newKey(), label: '', kind: 'text', options: [], required: false };
}

/** A choice question starts with two empty options (it needs at least two). */
export const minChoiceOptions = 2;

/** A sheet's saved questions as form values. */
export function questionFormValues(questions: readonly Question[] | undefined): QuestionFormValue[] {
  return (questions ?? []).map((q) => ({
    key: `saved-${q.id}`,
    id: q.id,
    label: q.label,
    kind: q.kind,
    options: [...(q.options ?? [])],
    required: q.required,
  }));
}

/** What the shared questions schema parses: options for a choice question only, ids kept. */
export function questionInputs(questions: readonly QuestionFormValue[]): Record<string, unknown>[] {
  return questions.map((q) => ({
    ...(q.id === undefined ? {} : { id: q.id }),
    label: q.label,
    kind: q.kind,
    required: q.required,
    ...(q.kind === 'choice' ? { options: q.options } : {}),
  }));
}

/**
 * The shared schema's messages for each question's own field, by the form's path
 * ('questions.0.label', 'questions.1.options', 'questions.1.options.2'): the first per field.
 */
export function questionErrors(questions: readonly QuestionFormValue[]): Record<string, string> {
  const result = questionsSchema.safeParse(questionInputs(questions));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = ['questions', ...issue.path.map(String)].join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}
