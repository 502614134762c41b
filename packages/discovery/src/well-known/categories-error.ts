import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** Why `fetchCategories` failed. */
export type CategoriesErrorCode =
  | 'CATEGORIES_NOT_FOUND'
  | 'CATEGORIES_HTTP_STATUS'
  | 'CATEGORIES_CONTENT_TYPE'
  | 'CATEGORIES_TOO_LARGE'
  | 'CATEGORIES_FETCH_FAILED'
  | 'CATEGORIES_BAD_DOMAIN';

/** `/.well-known/cap/categories.txt` could not be read. `code` says why; `cause` holds the HTTP error. */
export class CategoriesError extends AgentWebError {
  /** The URL asked for (empty when the domain itself was invalid). */
  readonly url: string;
  /** HTTP status, when a response arrived. */
  readonly status: number | undefined;

  constructor(options: {
    code: CategoriesErrorCode;
    message: string;
    url: string;
    status?: number;
    cause?: unknown;
  }) {
    super(options);
    this.name = 'CategoriesError';
    this.url = options.url;
    this.status = options.status;
  }
}

/** True for a {@link CategoriesError} from any copy of the package. */
export const isCategoriesError = createErrorGuard<CategoriesError>('CategoriesError');
