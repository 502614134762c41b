// The worker thread of the extraction pool: reads one page per message with extractProductIds.
import { parentPort } from 'node:worker_threads';
import { extractProductIds } from './extract-product-ids.js';
import type { ExtractionReply } from './extraction-pool.js';

parentPort?.on('message', ({ html, baseUrl }: { html: string; baseUrl: string | undefined }) => {
  let reply: ExtractionReply;
  try {
    reply = { ok: true, result: extractProductIds(html, baseUrl === undefined ? {} : { baseUrl }) };
  } catch (error) {
    reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
