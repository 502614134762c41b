import { AidError, isAidError } from './aid-error.js';
import {
  type AidRecord,
  looksLikeAidRecord,
  type ParseAidRecordOptions,
  parseAidRecord,
} from './parse-aid-record.js';

/** The AID reading of one `_agent` TXT RRset. */
export interface AidRecordSelection {
  /** The AID record, when exactly one TXT record of the set is one and it is valid. */
  record?: AidRecord;
  /** That record's text (its character-strings joined). */
  raw?: string;
  /** Why there is no record: `AID_NO_RECORD`, or the `AID_INVALID_TXT` / `AID_UNSUPPORTED_PROTO` of the record. */
  error?: AidError;
}

/**
 * Applies AID §2 to the TXT records at one `_agent` name: records without a `v` key belong to something else
 * and are ignored; one AID record is parsed; two or more are refused, because an RRset has no order and
 * picking one would be a coin toss (§2 says a provider publishes a single record).
 */
export function selectAidRecord(
  records: readonly string[],
  options: ParseAidRecordOptions & { name?: string } = {},
): AidRecordSelection {
  const where = options.name ?? 'the name';
  const candidates = records.filter(looksLikeAidRecord);
  const [raw] = candidates;
  if (raw === undefined) {
    const others = records.length === 0 ? '' : ` (${records.length} TXT record(s) without a v key)`;
    return {
      error: new AidError({
        code: 'AID_NO_RECORD',
        message: `no AID record at ${where}${others}`,
        target: options.name,
      }),
    };
  }
  if (candidates.length > 1) {
    return {
      error: new AidError({
        code: 'AID_INVALID_TXT',
        message: `${candidates.length} AID records at ${where}; a provider publishes exactly one`,
        target: options.name,
      }),
    };
  }
  try {
    return { record: parseAidRecord(raw, options), raw };
  } catch (error) {
    if (!isAidError(error)) throw error;
    return {
      raw,
      error: new AidError({ code: error.code, message: `${where}: ${error.message}`, target: options.name }),
    };
  }
}
