// Entry of the child process started by startSandboxProcess / startMinimalSdkMerchantsProcess. It waits for one
// start request on the IPC channel, serves until the parent disconnects or kills it, and never reads stdin.
import { startMinimalSdkMerchants } from '../minimal-sdk-merchants.js';
import { startSandbox } from '../start-sandbox.js';
import type { ChildReply, ChildStartRequest } from './child-protocol.js';

function reply(message: ChildReply): void {
  process.send?.(message);
}

async function serve(request: ChildStartRequest): Promise<() => Promise<void>> {
  if (request.kind === 'minimal-sdk') {
    const sdk = await startMinimalSdkMerchants({
      merchants: request.merchants,
      ...(request.latency ? { latency: request.latency } : {}),
    });
    reply({ type: 'ready', kind: 'minimal-sdk', cardUrls: sdk.cardUrls });
    return sdk.close;
  }
  const faults = request.faults ?? {};
  const sandbox = await startSandbox({
    ...(request.merchants !== undefined ? { merchants: request.merchants } : {}),
    ...(request.seed !== undefined ? { seed: request.seed } : {}),
    ...(request.dialects ? { dialects: request.dialects } : {}),
    ...(request.bindings ? { bindings: request.bindings } : {}),
    ...(request.domainSuffix ? { domainSuffix: request.domainSuffix } : {}),
    ...(request.agis !== undefined ? { agis: request.agis } : {}),
    ...(request.agisFaults ? { agisFaults: request.agisFaults } : {}),
    faults: (index, id) => faults[id] ?? faults[String(index)] ?? request.defaultFaults,
  });
  const info = sandbox.merchants.map(({ stats: _stats, ...merchant }) => merchant);
  const agis = sandbox.agis.map(({ stats: _stats, ...service }) => service);
  reply({
    type: 'ready',
    kind: 'sandbox',
    merchants: info,
    agis,
    http: sandbox.http,
    dns: sandbox.dns,
    doh: sandbox.doh,
  });
  return sandbox.close;
}

if (process.send === undefined) {
  process.stderr.write('sandbox-child must be started with an IPC channel (see startSandboxProcess)\n');
  process.exit(2);
}

let close: (() => Promise<void>) | undefined;
process.once('message', (message: ChildStartRequest) => {
  serve(message).then(
    (stop) => {
      close = stop;
    },
    (error: unknown) => {
      reply({ type: 'error', message: error instanceof Error ? error.message : String(error) });
      process.disconnect();
    },
  );
});
// An orphaned child must not outlive its parent: the IPC channel closes when the parent exits.
process.once('disconnect', () => {
  const stop = close ?? (async () => {});
  stop().finally(() => process.exit(0));
});
