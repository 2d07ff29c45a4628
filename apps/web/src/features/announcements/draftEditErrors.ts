import type { I18n } from '@lingui/core';
import { announcementEditSchema } from '@pac/validators';
import { catalogText } from '../../lib/catalogText';
import { schemaErrors } from '../../lib/schemaForm';
import type { DraftEdits } from './announcements';

// Apart from announcements.ts: the schemas (zod) load with a draft's card, not with the list.

/**
 * The fields of a draft's edit that are wrong, with the server's own messages (announcementMessages),
 * in the page's language.
 */
export function draftEditErrors(i18n: I18n, edits: DraftEdits): Partial<Record<keyof DraftEdits, string>> {
  const errors = schemaErrors(announcementEditSchema, { id: 1, ...edits });
  return {
    ...(errors.text === undefined ? {} : { text: catalogText(i18n, errors.text) }),
    ...(errors.imageAlt === undefined ? {} : { imageAlt: catalogText(i18n, errors.imageAlt) }),
  };
}
