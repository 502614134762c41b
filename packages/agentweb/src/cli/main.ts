#!/usr/bin/env node
import { runCli } from './run-cli.js';

const controller = new AbortController();
let interrupted = 0;
process.on('SIGINT', () => {
  interrupted++;
  // The first Ctrl-C lets the command close its connections; a second one leaves at once.
  if (interrupted > 1) process.exit(130);
  controller.abort(new Error('interrupted'));
});

// A service manager stops a long-running command (crawl-worker) with SIGTERM: treat it as the first Ctrl-C.
process.on('SIGTERM', () => {
  interrupted++;
  if (interrupted > 1) process.exit(143);
  controller.abort(new Error('terminated'));
});

const code = await runCli(process.argv.slice(2), {
  io: { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin },
  signal: controller.signal,
});
process.exitCode = code;
// Writes to a pipe are asynchronous; setting exitCode (not calling exit) lets them drain first. Anything
// left holding the loop open (a socket a remote server keeps alive) must not keep the process alive, though.
setTimeout(() => process.exit(code), 2000).unref();
