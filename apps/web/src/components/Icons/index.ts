export {
  AlertIcon,
  ArrowLeftIcon,
  CalendarIcon,
  ClockIcon,
  EditIcon,
  GlobeIcon,
  MailIcon,
  ShareIcon,
  TrashIcon,
  UsersIcon,
} from './Icons';
