// A project outside the workspace where `agentweb` is installed with its dependencies and none of its optional peer
// dependencies (@agentweb/redis, the MCP SDK, @langchain/core, ai, and @agentweb/a2a's @grpc/grpc-js and
// @bufbuild/protobuf), as `npm install agentweb` leaves it. The workspace packages are copied (package.json and
// dist), so their own node_modules (which hold the peers as devDependencies) are not beside them; third-party
// dependencies are linked to the installed copies, whose own dependencies sit next to them in pnpm's store.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packagesDir = fileURLToPath(new URL('../..', import.meta.url));

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
}

function manifestAt(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

/** Where `name` is installed for a package in `fromDir` (Node's lookup: node_modules up the tree). */
function installedDir(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) throw new Error(`${name} is not installed for ${fromDir}`);
  }
}

/** Makes the project; `remove()` deletes it. */
export function createPeerlessProject(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'agentweb-peerless-'));
  const modules = join(dir, 'node_modules');
  const placed = new Set<string>();
  const place = (name: string, sourceDir: string): void => {
    if (placed.has(name)) return;
    placed.add(name);
    const target = join(modules, name);
    mkdirSync(dirname(target), { recursive: true });
    if (!name.startsWith('@agentweb/') && name !== 'agentweb') {
      symlinkSync(sourceDir, target, 'dir');
      return;
    }
    mkdirSync(target);
    cpSync(join(sourceDir, 'package.json'), join(target, 'package.json'));
    cpSync(join(sourceDir, 'dist'), join(target, 'dist'), { recursive: true });
    for (const dependency of Object.keys(manifestAt(sourceDir).dependencies ?? {})) {
      place(dependency, installedDir(dependency, sourceDir));
    }
  };
  place('agentweb', join(packagesDir, 'agentweb'));
  writeFileSync(join(dir, 'package.json'), '{ "name": "peerless", "private": true, "type": "module" }\n');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
