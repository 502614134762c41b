import { runShoppingAgent } from './shopping-agent.js';

try {
  await runShoppingAgent({ query: process.argv[2] ?? 'rain jacket' });
} catch (error) {
  process.stderr.write(`langchain agent failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
