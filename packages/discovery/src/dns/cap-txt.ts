/** The CAP reading of a `_cap.{domain}` TXT RRset. */
export interface CapRecordSelection {
  /** The AgentCard URL: the first record that is a valid absolute https URL. */
  url?: string;
  /** Every other record with the reason it was not used, in answer order. */
  rejected: { record: string; reason: string }[];
}

function isControl(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
}

/** Why `record` is not a CAP card URL, or undefined when it is one. */
export function capRecordProblem(record: string): string | undefined {
  if (record.length === 0) return 'the record is empty';
  if (record.includes('\uFFFD')) return 'the record is not valid UTF-8';
  if (record.trim() !== record)
    return 'the record has leading or trailing whitespace; CAP wants exactly the URL';
  if (/\s/.test(record) || [...record].some(isControl))
    return 'the record contains whitespace or control characters';
  if (/^[A-Za-z][\w.-]*=/.test(record)) {
    return 'key=value records (such as v=cap1;url=...) SHOULD NOT be used; CAP wants the bare https URL';
  }
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(record)?.[1];
  if (scheme === undefined) return 'not an absolute URL (a relative reference or plain text)';
  if (!URL.canParse(record)) return 'not a valid URL';
  const url = new URL(record);
  if (url.protocol === 'http:') return 'uses http:, CAP requires an https URL';
  if (url.protocol !== 'https:') return `uses ${url.protocol}, CAP requires an https URL`;
  if (url.username !== '' || url.password !== '') return 'the URL carries credentials';
  return undefined;
}

/**
 * Applies CAP §9 to the records of one `_cap` RRset: the first record that is exactly an absolute https
 * URL wins; every other record is listed with its reason, including valid ones after the winner.
 */
export function selectCapRecord(records: readonly string[]): CapRecordSelection {
  const selection: CapRecordSelection = { rejected: [] };
  for (const record of records) {
    if (selection.url !== undefined) {
      selection.rejected.push({ record, reason: 'not used: an earlier record already gave the card URL' });
      continue;
    }
    const problem = capRecordProblem(record);
    if (problem === undefined) selection.url = new URL(record).href;
    else selection.rejected.push({ record, reason: problem });
  }
  return selection;
}
