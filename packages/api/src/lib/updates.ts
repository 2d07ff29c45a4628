/**
 * Whether a partial update names any field to change. Drizzle throws 'No values to set' for an
 * UPDATE whose SET would be empty (every value undefined), so a no-op update must skip it.
 */
export function hasChanges(changes: Record<string, unknown>): boolean {
  return Object.values(changes).some((v) => v !== undefined);
}
