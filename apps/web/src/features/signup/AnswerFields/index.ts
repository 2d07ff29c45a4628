export { AnswerFields, type AnswerFieldsProps } from './AnswerFields';
