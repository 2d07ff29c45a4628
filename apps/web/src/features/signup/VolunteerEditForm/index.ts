export {
  toVolunteerUpdateInput,
  VolunteerEditForm,
  type VolunteerEditFormProps,
  type VolunteerEditFormSlot,
  type VolunteerEditFormVolunteer,
  type VolunteerEditRefusal,
  type VolunteerUpdateValues,
} from './VolunteerEditForm';
