export {
  toVolunteerUpdateInput,
  VolunteerEditForm,
  type VolunteerEditFormProps,
  type VolunteerEditFormVolunteer,
  type VolunteerUpdateValues,
} from './VolunteerEditForm';
