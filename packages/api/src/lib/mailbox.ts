/**
 * The mailbox an address delivers to, for every per-address limit and list (API.md, "Mail that
 * cannot be turned against anyone"): `Casey+pta@Example.org` and `casey@example.org` are one person.
 * Case does not count, and a `+tag` in the local part is dropped. Nothing else is guessed (dots in
 * the local part mean something at most providers but Gmail).
 */
export function mailbox(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  const local = trimmed.slice(0, at);
  const plus = local.indexOf('+');
  // A local part that is only a tag ("+news@") keeps it: there is no mailbox name left to key on.
  return plus > 0 ? `${local.slice(0, plus)}${trimmed.slice(at)}` : trimmed;
}
