import type { AgentWebClient, LoadedAgisService } from '../client/types.js';
import { addAgisServiceTools, type RegisterAgisServiceOptions } from './agis-tools.js';
import { listedAsIs } from './listed-json-schema.js';
import { AGIS_RESULT_JSON_SCHEMA } from './neutral-tools.generated.js';
import type { ServedToolHandle, StdioMcpServer } from './stdio/stdio-mcp-server.js';
import { PLAIN_CALL_EXECUTION } from './tool-listing.js';

/**
 * Lists every endpoint of a loaded AGIS service on the stdio server, with the names, schemas, rules and calls
 * `registerAgisService` gives them on an SDK server; the host hears `tools/list_changed`.
 */
export function serveAgisService(
  server: StdioMcpServer,
  client: AgentWebClient,
  service: LoadedAgisService,
  options: RegisterAgisServiceOptions = {},
): ServedToolHandle[] {
  return addAgisServiceTools<ServedToolHandle>(
    {
      key: server,
      add: (tool) =>
        server.addTool({
          name: tool.name,
          title: tool.title,
          description: tool.description,
          inputSchema: listedAsIs(tool.inputSchema),
          outputSchema: AGIS_RESULT_JSON_SCHEMA,
          annotations: tool.annotations,
          execution: { ...PLAIN_CALL_EXECUTION },
          call: (args, { signal }) => tool.call(args, signal),
        }),
    },
    client,
    service,
    options,
    server.toolNames(),
  );
}
