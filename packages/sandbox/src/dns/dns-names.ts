/**
 * The lookup key of one label: ASCII letters folded to lower case (DNS names compare case-insensitively, RFC
 * 4343), and every byte that could make two different label lists collide (`.`, `\`, anything outside
 * printable ASCII) written as `\DDD`, so a wire label `a.b` never matches the two labels `a` and `b`.
 */
export function labelKey(label: Uint8Array): string {
  let key = '';
  for (const byte of label) {
    if (byte >= 0x41 && byte <= 0x5a) key += String.fromCharCode(byte + 0x20);
    else if (byte > 0x20 && byte < 0x7f && byte !== 0x2e && byte !== 0x5c) key += String.fromCharCode(byte);
    else key += `\\${byte.toString().padStart(3, '0')}`;
  }
  return key;
}

/** The lookup key of a name given as labels: the label keys joined by dots (the root is the empty string). */
export function nameKey(labels: readonly Uint8Array[]): string {
  return labels.map(labelKey).join('.');
}

/**
 * The labels of a configured name (`Shop.test.`: any case, trailing dot optional), or a reason it is not a
 * usable DNS name: empty labels, a label over 63 bytes, or more than 253 bytes in all.
 */
export function parseConfiguredName(name: string): Uint8Array[] | string {
  const bare = name.endsWith('.') ? name.slice(0, -1) : name;
  if (bare.length === 0) return 'the name is empty';
  const labels = bare.split('.').map((label) => Buffer.from(label, 'utf8'));
  if (labels.some((label) => label.length === 0)) return 'the name has an empty label';
  if (labels.some((label) => label.length > 63)) return 'a label is longer than 63 bytes';
  const wireLength = labels.reduce((sum, label) => sum + 1 + label.length, 1);
  if (wireLength > 255) return 'the name is longer than 253 characters';
  return labels;
}
