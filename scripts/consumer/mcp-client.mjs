// A minimal MCP client over stdio (newline-delimited JSON-RPC): starts the server command, initializes, asks
// `tools/list` and returns the tools; the server is ended afterwards. At most 30 s.
import { spawn } from 'node:child_process';

export function listMcpTools([command, ...args], cwd) {
  const child = spawn(command, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  return new Promise((done, reject) => {
    let buffer = '';
    let stderr = '';
    const finish = (fn) => {
      clearTimeout(timer);
      child.stdin.end();
      child.kill('SIGTERM');
      fn();
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`no tools/list answer in 30 s: ${stderr}`))),
      30_000,
    );
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('exit', (code) =>
      finish(() => reject(new Error(`the server exited ${code}: ${stderr.trim()}`))),
    );
    child.stdout.on('data', (d) => {
      buffer += d;
      let newline = buffer.indexOf('\n');
      while (newline !== -1) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
        if (line === '') continue;
        const message = JSON.parse(line);
        if (message.id === 1) {
          send({ method: 'notifications/initialized' });
          send({ id: 2, method: 'tools/list', params: {} });
        } else if (message.id === 2) {
          child.removeAllListeners('exit');
          if (message.error) finish(() => reject(new Error(`tools/list: ${JSON.stringify(message.error)}`)));
          else finish(() => done(message.result.tools));
        }
      }
    });
    send({
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'agentweb-consumer-test', version: '0.0.0' },
      },
    });
  });
}
