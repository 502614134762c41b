/** Why a lenient parse changed or dropped something. */
export type CapWarningCode =
  /** A product carried a top-level `price` (often a number) instead of `offers[]`; an offer was built from it. */
  | 'top-level-price'
  /** A price was a JSON number instead of a decimal string; it was converted. */
  | 'numeric-price'
  /** A request used the non-standard `filters` object; it was turned into a `filter` string. */
  | 'filters-object'
  /** A schema.org availability URL or name was mapped to CAP's token. */
  | 'availability-normalized'
  /** An availability value CAP does not define was kept as received. */
  | 'availability-unknown'
  /** An offer had no `identifier`; one was derived from the product id and position. */
  | 'offer-identifier-missing'
  /** A list element did not match its type and was left out (lists) or set to null (positional lists). */
  | 'item-invalid'
  /** An optional field did not match its type and was left out. */
  | 'field-invalid'
  /** A required paging number was missing or wrong and was derived. */
  | 'paging-derived'
  /** A positional list's length differs from the ids asked for. */
  | 'positional-mismatch'
  /** The skill id was found in Message metadata rather than DataPart metadata. */
  | 'skill-id-in-message-metadata'
  /** A fan-out search page held more products than the page size asked for; the rest were left out. */
  | 'page-truncated'
  /** A fan-out asked for `phrase` search of a merchant that advertises only `keyword`; it was sent as keyword. */
  | 'query-mode-fallback'
  /**
   * The fan-out's search cache failed (a shared store unreachable or restarting): the page was searched without
   * it (a read) or not shared (a write).
   */
  | 'cache-unavailable'
  /**
   * The fan-out could not read the user's context (the context store unreachable, e.g. a Redis outage): the
   * merchant was searched anonymously, as with `personalise: false`, and nothing it issued was stored.
   */
  | 'context-unavailable';

/** A note that a lenient parse repaired or left out something. Nothing is dropped without one. */
export interface CapWarning {
  /** What kind of repair. */
  code: CapWarningCode;
  /** Dotted path of the field concerned. */
  path: string;
  /** Human-readable detail. */
  message: string;
}

/** The result of a lenient parse: the value as the types describe it, plus what was repaired. */
export interface LenientResult<T> {
  /** The parsed value. */
  value: T;
  /** Repairs and omissions, in document order. */
  warnings: CapWarning[];
}
