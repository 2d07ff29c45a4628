export { type ContactFieldsProps, ContactFields, type ContactTextField, type ContactValues } from './ContactFields';
