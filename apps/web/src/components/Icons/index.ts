export { AlertIcon, CalendarIcon, ClockIcon, EditIcon, MailIcon, TrashIcon, UsersIcon } from './Icons';
