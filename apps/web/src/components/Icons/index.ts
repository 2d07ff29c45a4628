export {
  AlertIcon,
  ArrowLeftIcon,
  CalendarIcon,
  ClockIcon,
  DuplicateIcon,
  EditIcon,
  GlobeIcon,
  MailIcon,
  ShareIcon,
  TrashIcon,
  UsersIcon,
} from './Icons';
