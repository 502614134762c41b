import { readFile, rename, stat } from 'node:fs/promises';
import { checkOptions, is } from '@agentweb/core';
import { writeFileAtomic } from './atomic-write.js';
import { checkContextId, checkKey, keyString } from './check-key.js';
import { type ContextTable, parseContexts, serialiseContexts } from './context-file-format.js';
import { inProcessContextLock } from './context-lock.js';
import type { ContextKey, ContextStore } from './context-store.js';
import {
  ContextStoreCorruptError,
  ContextStoreError,
  isContextStoreCorruptError,
} from './context-store-errors.js';
import { GenerationTable } from './generation-table.js';

/** Options of {@link createFileContextStore}. */
export interface FileContextStoreOptions {
  /** The JSON file holding the contexts; created on the first write. Use one store per file per process. */
  path: string;
  /**
   * What to do when the file exists but cannot be parsed. `error` (default): every call rejects with
   * {@link ContextStoreCorruptError} and the file is left untouched. `reset`: the file is moved aside to
   * `<path>.corrupt-<timestamp>` (kept for inspection, never deleted), `onWarning` is told, and the store
   * starts empty.
   */
  onCorrupt?: 'error' | 'reset';
  /** Receives a message when a corrupt file is moved aside. Default: `process.emitWarning`. */
  onWarning?: (message: string) => void;
  /** Largest file read; a bigger file counts as corrupt. Default 16 MiB. */
  maxFileBytes?: number;
  /**
   * Longest wait for a key's context-creation lock (`lock`), in ms (default 20 000); past it the waiting call fails
   * with `ContextLockTimeoutError` and sends nothing. The lock is this process's, as the file is.
   */
  lockWaitMs?: number;
}

/**
 * A context store persisted to one JSON file. Every change is written atomically (temp file, fsync, rename)
 * and changes are serialised, so concurrent calls never lose each other's updates and a crash mid-write
 * leaves the previous file intact. Reads are served from memory after the first load. Its `lock` makes concurrent first
 * calls of one user at one merchant share one context within this process.
 */
export function createFileContextStore(options: FileContextStoreOptions): ContextStore {
  const given: unknown = (options as Partial<FileContextStoreOptions> | undefined)?.path;
  if (typeof given !== 'string' || given === '') {
    throw new ContextStoreError('CAP_CONTEXT_INVALID', 'createFileContextStore needs a non-empty path');
  }
  const path = given;
  checkOptions('createFileContextStore', options, {
    onCorrupt: is.oneOf('error', 'reset'),
    onWarning: is.function,
    maxFileBytes: is.positiveInteger,
    lockWaitMs: is.timerMs,
  });
  const maxFileBytes = options.maxFileBytes ?? 16 * 1024 * 1024;
  const warn = options.onWarning ?? ((message: string) => process.emitWarning(message, 'AgentWebWarning'));
  let table: ContextTable | undefined;
  let loading: Promise<ContextTable> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  // Generations live in memory: a late answer belongs to a call of this process, which a restart ends too.
  const generations = new GenerationTable(10_000);

  async function readTable(): Promise<ContextTable> {
    let text: string;
    try {
      const info = await stat(path);
      if (info.size > maxFileBytes) {
        throw new ContextStoreCorruptError(path, `larger than ${maxFileBytes} bytes`);
      }
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
      if (isContextStoreCorruptError(error)) throw error;
      throw new ContextStoreError('CAP_CONTEXT_STORE_IO', `Cannot read context store file ${path}`, error);
    }
    return parseContexts(text, path);
  }

  async function loadOnce(): Promise<ContextTable> {
    try {
      return await readTable();
    } catch (error) {
      if (!isContextStoreCorruptError(error) || options.onCorrupt !== 'reset') throw error;
      const aside = `${path}.corrupt-${Date.now()}`;
      try {
        await rename(path, aside);
      } catch (renameError) {
        throw new ContextStoreError(
          'CAP_CONTEXT_STORE_IO',
          `Cannot move corrupt context file ${path} aside`,
          renameError,
        );
      }
      warn(`${error.message}; moved it to ${aside} and started with no stored contexts`);
      return new Map();
    }
  }

  function load(): Promise<ContextTable> {
    if (table) return Promise.resolve(table);
    // A failed load is not cached, so a file fixed by hand is picked up on the next call.
    loading ??= loadOnce().then(
      (loaded) => {
        table = loaded;
        loading = undefined;
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }

  /**
   * Runs one change after every earlier one, applying it in memory only once it is on disk. `allowed`, checked when
   * the change's turn comes, can refuse it; resolves to whether it was applied.
   */
  function change(
    key: ContextKey,
    contextId: string | undefined,
    allowed: () => boolean = () => true,
  ): Promise<boolean> {
    const run = async () => {
      const current = await load();
      if (!allowed()) return false;
      const merchants = current.get(key.userId);
      const previous = merchants?.get(key.merchantId);
      if (previous === contextId) return true;
      const next: ContextTable = new Map(current);
      const nextMerchants = new Map(merchants);
      if (contextId === undefined) nextMerchants.delete(key.merchantId);
      else nextMerchants.set(key.merchantId, contextId);
      if (nextMerchants.size === 0) next.delete(key.userId);
      else next.set(key.userId, nextMerchants);
      try {
        await writeFileAtomic(path, serialiseContexts(next));
      } catch (error) {
        throw new ContextStoreError('CAP_CONTEXT_STORE_IO', `Cannot write context store file ${path}`, error);
      }
      table = next;
      return true;
    };
    const result = queue.then(run);
    queue = result.catch(() => undefined);
    return result;
  }

  return {
    async get(key) {
      checkKey(key);
      return (await load()).get(key.userId)?.get(key.merchantId);
    },
    async set(key, contextId) {
      checkKey(key);
      checkContextId(contextId);
      // At once, not in the queue: a conditional write queued after this one must see the new generation.
      generations.advance(keyString(key));
      await change(key, contextId);
    },
    async delete(key) {
      checkKey(key);
      generations.advance(keyString(key));
      await change(key, undefined);
    },
    async read(key) {
      checkKey(key);
      const generation = generations.of(keyString(key));
      return { contextId: (await load()).get(key.userId)?.get(key.merchantId), generation };
    },
    async setIfGeneration(key, contextId, generation) {
      checkKey(key);
      checkContextId(contextId);
      const id = keyString(key);
      return change(key, contextId, () => generations.of(id) === generation);
    },
    // In process, as is the file (one store per file per process): concurrent first calls share one context.
    lock: inProcessContextLock(options.lockWaitMs),
  };
}
