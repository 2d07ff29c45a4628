export {
  type MonitorCreateValues,
  MonitorForm,
  MonitorFormDialog,
  type MonitorFormDialogProps,
  type MonitorFormProps,
  type MonitorFormValues,
  type MonitorSubmit,
  type MonitorUpdateValues,
  monitorFieldError,
  monitorFormValues,
  monitorInput,
} from './MonitorForm';
