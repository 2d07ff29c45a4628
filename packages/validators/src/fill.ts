/**
 * A message with placeholders filled in, in English: `fill(/*i18n*\/ 'Only {n} still needed for
 * this item', { n: 3 })`. The template is a catalog message (marked for extraction), so the
 * sentence it makes is found again and translated where a person reads it (`translateText` of
 * @pac/i18n, which matches the filled-in sentence to its template).
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}
