import { isIP } from 'node:net';
import { buildConnector } from 'undici';

function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return address.startsWith('127.');
  if (family === 6) return address === '::1' || /^::ffff:127\./i.test(address);
  return false;
}

/**
 * A socket connector for tests that opens connections to loopback addresses only. Pass it as the client's
 * `connector`: it runs after the address guard, so tests that feed the guard private or public addresses as
 * data (SSRF refusal tests) can never send a packet off the machine, even if the guard regressed.
 */
export function createLoopbackOnlyConnector(): buildConnector.connector {
  const connect = buildConnector({});
  return (options, callback) => {
    if (!isLoopbackAddress(options.hostname)) {
      callback(new Error(`test safety net: refused to connect to ${options.hostname} (loopback only)`), null);
      return;
    }
    connect(options, callback);
  };
}
