// Module hooks that let a plain `node` child run this monorepo's TypeScript sources without a build step: the
// parent runs from source under vitest, and the child must run the same code, not a possibly stale dist.
// Sources are written for isolatedModules + verbatimModuleSyntax, so transpiling one file at a time is exact.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_CONDITION = '@agentweb/source';
// Transpiling ~70 files costs seconds on a busy machine; children start often (tests, benches), so outputs are
// cached by content hash. A cache write that fails only costs the next start the same work again.
// TypeScript itself is only loaded on a cache miss: parsing it is most of a warm start.
const require = createRequire(import.meta.url);
const tsVersion = JSON.parse(readFileSync(require.resolve('typescript/package.json'), 'utf8')).version;
const CACHE_DIR = join(tmpdir(), `agentweb-ts-source-${tsVersion}`);

function transpile(fileName, source) {
  const key = createHash('sha256').update(fileName).update('\0').update(source).digest('hex');
  const cached = join(CACHE_DIR, `${key}.js`);
  if (existsSync(cached)) return readFileSync(cached, 'utf8');
  const ts = require('typescript');
  const { outputText } = ts.transpileModule(source, {
    fileName,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
      inlineSourceMap: true,
    },
  });
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Rename is atomic, so a child reading concurrently never sees half a file.
    const partial = `${cached}.${process.pid}.tmp`;
    writeFileSync(partial, outputText);
    renameSync(partial, cached);
  } catch {}
  return outputText;
}

/** Maps `./x.js` written in a .ts file to `./x.ts`, and resolves workspace packages to their sources. */
export async function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL;
  if (parent?.endsWith('.ts') && specifier.startsWith('.') && specifier.endsWith('.js')) {
    const candidate = new URL(`${specifier.slice(0, -3)}.ts`, parent);
    if (existsSync(fileURLToPath(candidate))) return { url: candidate.href, shortCircuit: true };
  }
  const conditions = context.conditions.includes(SOURCE_CONDITION)
    ? context.conditions
    : [...context.conditions, SOURCE_CONDITION];
  return nextResolve(specifier, { ...context, conditions });
}

/** Strips types from .ts files; everything else loads as usual. */
export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const fileName = fileURLToPath(url);
  return {
    format: 'module',
    source: transpile(fileName, readFileSync(fileName, 'utf8')),
    shortCircuit: true,
  };
}
