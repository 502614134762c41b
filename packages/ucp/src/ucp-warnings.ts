/** Why a lenient read of something a business sent changed, dropped or doubted a field. */
export type UcpWarningCode =
  /** A field the schema requires was missing; the value was read without it. */
  | 'field-missing'
  /** A field did not match its type or format; it was kept as received or left out, as its message says. */
  | 'field-invalid'
  /** A `dev.ucp.*` capability, service or handler named a spec or schema URL outside `https://ucp.dev/`. */
  | 'foreign-spec-url'
  /** A profile published both `signing_keys` (up to 2026-04-08) and `keys` (2026-08-25); `keys` was used. */
  | 'keys-both-fields'
  /** A service endpoint was not an https URL (or not a URL); the service was left out. */
  | 'endpoint-invalid'
  /** A capability or service version was not a `YYYY-MM-DD` date; the entry was left out. */
  | 'version-invalid'
  /** The response's `ucp` echo named a version other than the one negotiated. */
  | 'version-mismatch'
  /** A checkout in `requires_escalation` carried no `continue_url`. */
  | 'continue-url-missing';

/** A note that a lenient read repaired, dropped or doubted something. Nothing is dropped without one. */
export interface UcpWarning {
  /** What kind of repair. */
  code: UcpWarningCode;
  /** Dotted path of the field concerned (`totals`, `ucp.services.dev.ucp.shopping[0].endpoint`). */
  path: string;
  /** Human-readable detail. */
  message: string;
}

/** A value read leniently, with what was repaired. */
export interface UcpLenientResult<T> {
  /** The value as the types describe it. */
  value: T;
  /** Repairs and doubts, in document order. */
  warnings: UcpWarning[];
}
