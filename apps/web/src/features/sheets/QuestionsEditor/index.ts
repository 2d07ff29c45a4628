export { QuestionsEditor, type QuestionsEditorProps, type QuestionsFormValues } from './QuestionsEditor';
export {
  minChoiceOptions,
  newQuestion,
  questionErrors,
  type QuestionFormValue,
  questionFormValues,
  questionInputs,
} from './questionForm';
