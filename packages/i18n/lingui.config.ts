import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { languageTags } from '../validators/src/languages';

/**
 * The message catalogs (README "Languages"): one `.po` file per language and part, extracted from
 * the code by `pnpm --filter @pac/i18n extract`, translated by people, compiled to JSON by
 * `pnpm --filter @pac/i18n compile`, and checked (in sync with the code, nothing missing, compiled
 * up to date) by `pnpm lint`.
 *
 * A message's id is its English text (`i18n._('Sign Up')`), so English needs no translating and a
 * translator reads the English as msgid. `web` is what every visitor's browser loads (only its page's
 * language); `admin` the screens only someone signed in sees (the dashboards, the organizers' tools),
 * loaded once someone is signed in, so that a visitor's first page does not carry them; `pages` the
 * words of the pages few visitors open (the privacy policy, an email link's page); `server` the
 * mail, calendars and answers only the server writes. The server loads all three.
 */
const tests = ['**/*.test.ts', '**/*.test.tsx'];
const web = '<rootDir>/../../apps/web/src';
/** The pages few visitors open and none first, which load their own part (usePagesMessages). */
const rarePages = [
  `${web}/pages/PrivacyPolicy.page.tsx`,
  `${web}/pages/VerifyEmail.page.tsx`,
  `${web}/pages/Unsubscribe.page.tsx`,
  `${web}/pages/ResetPassword.page.tsx`,
];
/** The signed-in screens: only someone signed in ever renders them (CurrentUserProvider waits for their messages). */
const signedInScreens = [
  `${web}/features/admin/AdminDashboard`,
  `${web}/features/admin/AdminTabs`,
  `${web}/features/admin/EmailSettings`,
  `${web}/features/admin/OrganizerDashboard`,
  `${web}/features/admin/Overview`,
  `${web}/features/admin/People`,
  `${web}/features/admin/Privacy`,
  `${web}/features/admin/QuickActions`,
  `${web}/features/admin/ReminderManagement`,
  `${web}/features/admin/StatTiles`,
  `${web}/features/announcements`,
  `${web}/features/monitoring`,
  `${web}/features/hero/WebsiteSettings`,
  `${web}/features/sheets/DuplicateSheetDialog`,
  `${web}/features/sheets/EditSheetDialog`,
  `${web}/features/sheets/ManageSheets`,
  `${web}/features/sheets/MessageVolunteers`,
  `${web}/features/sheets/QuestionsEditor`,
  `${web}/features/sheets/Roster`,
  `${web}/features/sheets/SheetDialogs`,
  `${web}/features/sheets/SheetFields`,
  `${web}/features/sheets/SlotForm`,
  `${web}/features/sheets/SlotGenerator`,
];

export default defineConfig({
  sourceLocale: 'en',
  locales: [...languageTags],
  fallbackLocales: { default: 'en' },
  // Without line numbers, moving code does not change the catalogs; the file names stay, for context.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/web',
      include: [web, '<rootDir>/../validators/src'],
      exclude: [...tests, ...signedInScreens, ...rarePages],
    },
    {
      path: '<rootDir>/locales/{locale}/pages',
      include: rarePages,
      exclude: tests,
    },
    {
      path: '<rootDir>/locales/{locale}/admin',
      include: signedInScreens,
      exclude: tests,
    },
    {
      path: '<rootDir>/locales/{locale}/server',
      include: ['<rootDir>/../api/src', '<rootDir>/../notify/src', '<rootDir>/../../apps/server/src'],
      exclude: tests,
    },
  ],
});
