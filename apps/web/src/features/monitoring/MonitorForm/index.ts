export { MonitorForm, type MonitorFormProps } from './MonitorForm';
export { MonitorFormDialog, type MonitorFormDialogProps } from './MonitorFormDialog';
export {
  type MonitorCreateValues,
  type MonitorField,
  type MonitorFormValues,
  monitorFormValues,
  monitorInput,
  type MonitorSubmit,
  type MonitorUpdateValues,
  type SetFieldError,
} from './monitorFormValues';
export { monitorFieldError } from './monitorSaveFeedback';
