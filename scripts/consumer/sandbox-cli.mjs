// Starts the sandbox as a user would from a shell (its CLI, from the repository's build) and reads the addresses it
// prints: the first merchant's `host:port`, the reservations AGIS service's `host:port` and the DNS server.
import { spawn } from 'node:child_process';

/** Resolves `{ shop, reservations, dns, close() }` once the CLI has printed its banner (at most 30 s). */
export function startSandboxCli(cliPath) {
  // The defaults, as a user types `agentweb-sandbox`: 5 merchants, seed `agentweb` (whose first merchant sells the
  // running shoes the README searches for).
  const child = spawn(process.execPath, [cliPath], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((done) => child.on('exit', done));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((done, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`the sandbox printed no banner in 30 s:\n${out}${err}`));
    }, 30_000);
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited ${code}: ${err.trim()}`));
    });
    child.stdout.on('data', (d) => {
      out += d;
      if (!out.includes('Ctrl-C to stop.')) return;
      clearTimeout(timer);
      const shop = out.match(/http:\/\/(shop-0\.sandbox\.test:\d+)\s/)?.[1];
      const reservations = out.match(
        /http:\/\/(reservations\.sandbox\.test:\d+)\/\.well-known\/agis\.json/,
      )?.[1];
      const dns = out.match(/^DNS\s+(\S+:\d+)\s/m)?.[1];
      if (!shop || !reservations || !dns) {
        void close();
        reject(new Error(`could not read the sandbox's addresses from:\n${out}`));
        return;
      }
      done({ shop, reservations, dns, close });
    });
  });
}
