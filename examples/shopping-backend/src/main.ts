import { startShoppingBackend } from './start-backend.js';

const port = Number(process.env.PORT ?? 8787);
try {
  const backend = await startShoppingBackend({ port });
  process.stdout.write(`try: curl '${backend.url}/search?q=jacket'\n`);
  const stop = () => {
    backend.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  process.stderr.write(
    `shopping backend failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
}
