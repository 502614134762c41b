import { startShoppingBackend, startShoppingCluster } from './start-backend.js';

const port = Number(process.env.PORT ?? 8787);
// REDIS_URL=redis://... starts INSTANCES (default 2) instances on PORT, PORT+1, ... that share contextIds and
// approvals through Redis.
const redisUrl = process.env.REDIS_URL;
try {
  const running = redisUrl
    ? await startShoppingCluster({
        port,
        redis: { url: redisUrl },
        instances: Number(process.env.INSTANCES ?? 2),
      })
    : await startShoppingBackend({ port });
  const first = 'urls' in running ? running.urls[0] : running.url;
  process.stdout.write(`try: curl '${first}/search?q=jacket'\n`);
  const stop = () => {
    running.close().then(
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
