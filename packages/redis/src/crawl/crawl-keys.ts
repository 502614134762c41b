import { keyPart } from '../redis-keys.js';

/** Key of one host's turn and spacing state (a hash). */
export function hostKey(keyPrefix: string, host: string): string {
  return `${keyPrefix}crawl:host:${keyPart(host.toLowerCase())}`;
}

/** Key of one origin's shared robots.txt record (a string of JSON). */
export function robotsKey(keyPrefix: string, origin: string): string {
  return `${keyPrefix}crawl:robots:${keyPart(origin.toLowerCase())}`;
}

/**
 * Keys of one crawl run: its results stream and its run marker. They share the hash tag `{crawlId}`, so one
 * pipeline touches one Cluster slot.
 */
export function runKeys(keyPrefix: string, crawlId: string): { results: string; marker: string } {
  const base = `${keyPrefix}crawl:run:{${keyPart(crawlId)}}`;
  return { results: `${base}:results`, marker: `${base}:marker` };
}

/**
 * BullMQ's key prefix: every key of the queue lives under `<prefix>:<queueName>:...`. The hash tag puts them all in
 * one Cluster slot, which BullMQ's scripts need.
 */
export function bullPrefix(keyPrefix: string): string {
  return `${keyPrefix}{bullmq}`;
}
