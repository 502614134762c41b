import { runDemo } from './run-demo.js';

const started = performance.now();
try {
  await runDemo();
  process.stdout.write(`\ndemo finished in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
} catch (error) {
  const code = error instanceof Error && 'code' in error ? ` [${String(error.code)}]` : '';
  process.stderr.write(`\ndemo failed${code}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
