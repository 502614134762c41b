import { formatPath, safeParseAgentCard, type ValidationIssue } from '@agentweb/agentcard';
import { CliUsageError } from '../cli-errors.js';
import { writeJson, writeLine } from '../cli-io.js';
import type { CommandContext } from '../command.js';
import { EXIT } from '../exit-codes.js';
import { booleanFlag, requirePositionals, stringFlag } from '../flag-values.js';
import { httpClientFromOptions } from '../http-from-options.js';
import { readTextFile } from '../read-input.js';
import { formatFields, formatTable } from '../table.js';

/** Cards are small; 1 MiB is also the parser's own input limit. */
const MAX_CARD_BYTES = 1024 * 1024;
const FORMATS = ['auto', 'a2a', 'ietf', 'nooterra'] as const;
type FormatOption = (typeof FORMATS)[number];

function issueRows(issues: readonly ValidationIssue[], kind: string): (string | undefined)[][] {
  return issues.map((issue) => [kind, issue.rule, formatPath(issue.path), issue.message]);
}

/** Runs `agentweb card validate` (its flags and help are in card-validate.ts, loaded without this). */
export async function runCardValidate(ctx: CommandContext): Promise<number> {
  const [target] = requirePositionals(ctx.positionals, ['file|url'], 'card validate');
  const format = (stringFlag(ctx.values, 'format') ?? 'auto') as FormatOption;
  if (!FORMATS.includes(format))
    throw new CliUsageError(`--format "${format}": expected one of ${FORMATS.join(', ')}`, 'card validate');
  let text: string;
  let source: string;
  if (/^https?:\/\//i.test(target!)) {
    const http = httpClientFromOptions(ctx.clientOptions());
    try {
      const fetched = await http.getText(target!, {
        signal: ctx.signal,
        maxBodyBytes: MAX_CARD_BYTES,
        accept: 'application/json, application/agentcard+json;q=0.9, */*;q=0.1',
      });
      text = fetched.text;
      source = fetched.provenance.finalUrl;
    } finally {
      await http.close();
    }
  } else {
    text = await readTextFile(target!, MAX_CARD_BYTES);
    source = target!;
  }
  const result = safeParseAgentCard(text, { format, strict: !booleanFlag(ctx.values, 'lenient') });
  if (ctx.json) {
    writeJson(
      ctx.io.stdout,
      result.ok
        ? {
            source,
            valid: true,
            format: result.format,
            version: result.version,
            issues: [],
            warnings: result.warnings,
            profile: result.profile,
          }
        : { source, valid: false, format: result.format ?? null, issues: result.issues, warnings: [] },
    );
    return result.ok ? EXIT.ok : EXIT.failed;
  }
  const { stdout } = ctx.io;
  stdout.write(
    formatFields([
      ['source', source],
      ['valid', result.ok ? 'yes' : 'no'],
      ['format', result.format],
      ['version', result.ok ? result.version : undefined],
      ['name', result.ok ? result.profile.name : undefined],
    ]),
  );
  const rows = result.ok ? issueRows(result.warnings, 'warning') : issueRows(result.issues, 'error');
  if (rows.length > 0) {
    writeLine(stdout);
    stdout.write(formatTable(['level', 'rule', 'path', 'message'], rows, { maxCellWidth: 100 }));
  }
  return result.ok ? EXIT.ok : EXIT.failed;
}
