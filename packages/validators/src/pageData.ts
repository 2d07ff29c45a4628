/**
 * The element in which the server writes a page's first data into its HTML
 * (apps/server/src/http/page.ts) and from which the web app reads it (apps/web/src/lib/pageData.ts).
 * Without zod: the web app imports it through '@pac/validators/page-data' on every first load.
 */
export const pageDataElementId = 'pac-data';
