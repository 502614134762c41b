import type { AgentWebClient } from '../client/types.js';
import { buildAgentWebTools } from '../tools/create-agent-web-tools.js';
import { langchainTools } from './langchain-core.js';
import {
  type AgentWebLangChainTool,
  type LangChainToolsOptions,
  toLangChainTool,
} from './to-langchain-tools.js';

/** The AgentWeb tools as a LangChain toolkit: `new AgentWebToolkit(client).getTools()`. */
export class AgentWebToolkit extends langchainTools.BaseToolkit {
  /** The LangChain tools, filtered by `include`. */
  tools: AgentWebLangChainTool[];

  /** @throws AgentWebToolsOptionsError when `include` names a tool that does not exist. */
  constructor(client: AgentWebClient, options: LangChainToolsOptions = {}) {
    super();
    this.tools = buildAgentWebTools(client, options, 'new AgentWebToolkit').map(toLangChainTool);
  }
}
