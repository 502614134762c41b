/**
 * Lower-cases a DNS name and drops one trailing dot, so `_cap.Shop.Example.` and `_cap.shop.example` share a
 * cache entry and compare equal (DNS names are case-insensitive for ASCII, RFC 4343).
 */
export function normalizeDnsName(name: string): string {
  const trimmed = name.endsWith('.') ? name.slice(0, -1) : name;
  return trimmed.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/**
 * Why `name` cannot be asked (empty, too long, an empty or over-long label, a character that does not belong
 * in a host name), or undefined when it is fine. Underscores are allowed: `_cap` needs them.
 */
export function checkDnsName(name: string): string | undefined {
  if (name.length === 0) return 'the name is empty';
  if (name.length > 253) return `the name is ${name.length} characters long, more than 253`;
  for (const label of name.split('.')) {
    if (label.length === 0) return `"${name}" has an empty label`;
    if (label.length > 63) return `"${name}" has a label longer than 63 characters`;
    if (!/^[A-Za-z0-9_-]+$/.test(label)) {
      return `"${name}" has a label with characters other than letters, digits, "-" and "_" (use the A-label form of IDNs)`;
    }
  }
  return undefined;
}
