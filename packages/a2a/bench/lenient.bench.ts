import { createHttpClient } from '@agentweb/http';
import { afterAll } from 'vitest';
import { benchGroup } from '../../../bench/support/bench-group.js';
import { createA2AClient } from '../src/index.js';
import { startV03Peer } from '../test/helpers/official-peers.js';

// The lenient reader (the default) against the strict one, both sending to the official @a2a-js/sdk 0.3.14
// JSON-RPC server: a spec-conformant answer needs no repair, so leniency must cost nothing there.
const peer = await startV03Peer();
const http = createHttpClient({
  allowHttp: true,
  allowPrivateNetwork: ['127.0.0.1'],
  cache: false,
  retry: false,
});
const strict = await createA2AClient({ cardUrl: peer.cardUrl, http, strict: true });
const lenient = await createA2AClient({ cardUrl: peer.cardUrl, http });
const message = { message: { parts: [{ kind: 'text' as const, text: 'hello' }] } };
// Loopback calls to an Express server vary a lot from call to call: long runs, compared by median.
const warm = { warmupTime: 2000, time: 3000 };

afterAll(async () => {
  await http.close();
  await peer.close();
});

benchGroup(
  'sendMessage to the official 0.3.14 server (JSON-RPC, loopback): lenient vs strict reader',
  [
    {
      name: 'baseline: strict reader (strict: true)',
      fn: async () => {
        const result = await strict.sendMessage(message);
        if (result.warnings !== undefined) throw new Error('the strict reader warned');
      },
    },
    {
      name: 'lenient reader (default)',
      fn: async () => {
        const result = await lenient.sendMessage(message);
        if (result.warnings !== undefined) throw new Error('the official server needed a repair');
      },
    },
  ],
  warm,
);
