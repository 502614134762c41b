import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPeer, loadPeerSync } from './load-peer.js';
import {
  isMissingPeerDependencyError,
  type MissingPeerDependencyError,
} from './missing-peer-dependency-error.js';

// A module in a folder with no node_modules, outside the workspace: its imports of a package fail for real, the
// way they do in a project where the optional peer was not installed.
const dir = mkdtempSync(join(tmpdir(), 'agentweb-peer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function moduleImporting(specifier: string): string {
  const file = join(dir, `m${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, `export default () => import(${JSON.stringify(specifier)});\n`);
  return pathToFileURL(file).href;
}
async function importerOf(specifier: string): Promise<() => Promise<unknown>> {
  return (
    (await import(/* @vite-ignore */ moduleImporting(specifier))) as { default: () => Promise<unknown> }
  ).default;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
async function missingPeerOf(promise: Promise<unknown>): Promise<MissingPeerDependencyError> {
  const error = await failureOf(promise);
  if (!isMissingPeerDependencyError(error))
    throw new Error(`not a MissingPeerDependencyError: ${String(error)}`);
  return error;
}

describe('loadPeer', () => {
  it('turns a package that is not installed into MissingPeerDependencyError with the npm command', async () => {
    const load = await importerOf('@grpc/grpc-js');
    const error = await missingPeerOf(
      loadPeer({ packageName: '@grpc/grpc-js', feature: 'gRPC agents', load }),
    );
    expect(error.code).toBe('MISSING_PEER_DEPENDENCY');
    expect(error.packageName).toBe('@grpc/grpc-js');
    expect(error.message).toContain('npm install @grpc/grpc-js');
    expect(error.message).toContain('gRPC agents');
    expect(error.cause).toMatchObject({ code: 'ERR_MODULE_NOT_FOUND' });
  });

  it('names the package for a missing subpath import too', async () => {
    const load = await importerOf('@langchain/core/tools');
    const error = await missingPeerOf(
      loadPeer({ packageName: '@langchain/core', feature: 'agentweb/langchain', load }),
    );
    expect(error.message).toContain('npm install @langchain/core');
  });

  it('leaves other failures alone: another missing package, or an error thrown by the module', async () => {
    const other = await importerOf('some-other-absent-package');
    const error = await failureOf(loadPeer({ packageName: '@grpc/grpc-js', feature: 'gRPC', load: other }));
    expect(isMissingPeerDependencyError(error)).toBe(false);
    expect(error).toMatchObject({ code: 'ERR_MODULE_NOT_FOUND' });
    const thrown = new Error('boom');
    await expect(
      loadPeer({ packageName: 'x', feature: 'x', load: () => Promise.reject(thrown) }),
    ).rejects.toBe(thrown);
  });

  it('resolves to the module when it is installed', async () => {
    const load = await importerOf('node:path');
    await expect(loadPeer({ packageName: 'node:path', feature: 'paths', load })).resolves.toHaveProperty(
      'join',
    );
  });
});

describe('loadPeerSync', () => {
  // A require from the same empty folder, of a package no folder has (a CommonJS require also reads NODE_PATH,
  // which pnpm's bin shims point at the workspace's packages).
  const requireThere = createRequire(join(dir, 'here.cjs'));

  it('turns a missing package into MissingPeerDependencyError, synchronously', () => {
    let error: unknown;
    try {
      loadPeerSync({
        packageName: '@agentweb-absent/peer',
        feature: 'a feature',
        load: () => requireThere('@agentweb-absent/peer/tools'),
      });
    } catch (caught) {
      error = caught;
    }
    expect(isMissingPeerDependencyError(error)).toBe(true);
    expect((error as MissingPeerDependencyError).message).toContain('npm install @agentweb-absent/peer');
  });

  it('returns what the load gives, and lets other failures through unchanged', () => {
    expect(loadPeerSync({ packageName: 'x', feature: 'f', load: () => 42 })).toBe(42);
    const broken = new TypeError('broken install');
    expect(() =>
      loadPeerSync({
        packageName: 'x',
        feature: 'f',
        load: () => {
          throw broken;
        },
      }),
    ).toThrow(broken);
  });
});
