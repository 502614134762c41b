import { runQuickstart } from './quickstart.js';

try {
  await runQuickstart({ query: process.argv[2] ?? 'jacket' });
} catch (error) {
  process.stderr.write(`quickstart failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
