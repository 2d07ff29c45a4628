export { DeleteAccountCard, deleteAccountConsequences } from './DeleteAccountCard';
export { HeldDataSummary } from './HeldDataSummary';
export { MyDataCard } from './MyDataCard';
export {
  answerText,
  attendedText,
  consentSentence,
  type HeldData,
  myDataExport,
  roleLabels,
  signupStatusText,
} from './myData';
