import { open } from 'node:fs/promises';
import { CliOperationError } from './cli-errors.js';

/** Largest input file read (documents and domain lists are far smaller). */
export const MAX_INPUT_BYTES = 8 * 1024 * 1024;

/** Reads a UTF-8 text file up to `maxBytes`, refusing bigger files instead of loading them whole. */
export async function readTextFile(path: string, maxBytes = MAX_INPUT_BYTES): Promise<string> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new CliOperationError('CLI_FILE_UNREADABLE', `cannot read ${path}: ${reason(error)}`, error);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new CliOperationError('CLI_FILE_UNREADABLE', `${path} is not a file`);
    if (stat.size > maxBytes)
      throw new CliOperationError(
        'CLI_FILE_TOO_LARGE',
        `${path} is ${stat.size} bytes; the limit is ${maxBytes}`,
      );
    // Read one byte past the cap so a file that grew after stat is still caught.
    const buffer = Buffer.alloc(Math.min(maxBytes + 1, Math.max(1, stat.size + 1)));
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length === buffer.length) {
      if (length > maxBytes)
        throw new CliOperationError(
          'CLI_FILE_TOO_LARGE',
          `${path} is larger than the limit of ${maxBytes} bytes`,
        );
      throw new CliOperationError('CLI_FILE_UNREADABLE', `${path} changed while it was being read`);
    }
    return buffer.subarray(0, length).toString('utf8');
  } catch (error) {
    if (error instanceof CliOperationError) throw error;
    throw new CliOperationError('CLI_FILE_UNREADABLE', `cannot read ${path}: ${reason(error)}`, error);
  } finally {
    await handle.close();
  }
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return error instanceof Error ? error.message : String(error);
}
