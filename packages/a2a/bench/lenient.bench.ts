import { createHttpClient } from '@agentweb/http';
import { afterAll } from 'vitest';
import { benchGroup } from '../../../bench/support/bench-group.js';
import { type A2AClient, createA2AClient } from '../src/index.js';
import { startV1Peer, startV03Peer } from '../test/helpers/official-peers.js';

// The lenient reader (the default) against the strict one, both sending to the official @a2a-js/sdk 0.3.14
// JSON-RPC server: a spec-conformant answer needs no repair, so leniency must cost nothing there.
const peer = await startV03Peer();
// The same over HTTP+JSON in 1.0, against the official @a2a-js/sdk 1.3.0 REST server (the 1.0 ProtoJSON readers).
const restPeer = await startV1Peer({ legacyCompat: false, binding: 'HTTP+JSON' });
const http = createHttpClient({
  allowHttp: true,
  allowPrivateNetwork: ['127.0.0.1'],
  cache: false,
  retry: false,
});
const strict = await createA2AClient({ cardUrl: peer.cardUrl, http, strict: true });
const lenient = await createA2AClient({ cardUrl: peer.cardUrl, http });
const restStrict = await createA2AClient({ cardUrl: restPeer.cardUrl, http, strict: true });
const restLenient = await createA2AClient({ cardUrl: restPeer.cardUrl, http });
if (restLenient.binding !== 'HTTP+JSON') throw new Error(`expected HTTP+JSON, got ${restLenient.binding}`);
const message = { message: { parts: [{ kind: 'text' as const, text: 'hello' }] } };
// Loopback calls to an Express server vary a lot from call to call: long runs, compared by median.
const warm = { warmupTime: 2000, time: 3000 };

afterAll(async () => {
  await http.close();
  await peer.close();
  await restPeer.close();
});

/** One group: `sendMessage` through a strict client (the baseline) and a lenient one, to the same server. */
function lenientVsStrict(title: string, strictClient: A2AClient, lenientClient: A2AClient): void {
  benchGroup(
    title,
    [
      {
        name: 'baseline: strict reader (strict: true)',
        fn: async () => {
          const result = await strictClient.sendMessage(message);
          if (result.warnings !== undefined) throw new Error('the strict reader warned');
        },
      },
      {
        name: 'lenient reader (default)',
        fn: async () => {
          const result = await lenientClient.sendMessage(message);
          if (result.warnings !== undefined) throw new Error('the official server needed a repair');
        },
      },
    ],
    warm,
  );
}

lenientVsStrict(
  'sendMessage to the official 0.3.14 server (JSON-RPC, loopback): lenient vs strict reader',
  strict,
  lenient,
);
lenientVsStrict(
  'sendMessage to the official 1.3.0 server (HTTP+JSON 1.0, loopback): lenient vs strict reader',
  restStrict,
  restLenient,
);
