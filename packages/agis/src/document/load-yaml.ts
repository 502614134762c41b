import { lazyRequire } from '@agentweb/core';

/**
 * The `yaml` package, required when the first YAML (or brace-notation) AGIS document is parsed rather than when
 * `@agentweb/agis` is imported: about 70 files a process that loads no AGIS document need not read.
 */
export const loadYaml = lazyRequire<typeof import('yaml')>(import.meta.url, 'yaml');
