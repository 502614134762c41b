import { BaseToolkit } from '@langchain/core/tools';
import type { AgentWebClient } from '../client/types.js';
import {
  type AgentWebLangChainTool,
  type LangChainToolsOptions,
  toLangChainTools,
} from './to-langchain-tools.js';

/** The AgentWeb tools as a LangChain toolkit: `new AgentWebToolkit(client).getTools()`. */
export class AgentWebToolkit extends BaseToolkit {
  /** The LangChain tools, filtered by `include`. */
  tools: AgentWebLangChainTool[];

  /** @throws AgentWebToolsOptionsError when `include` names a tool that does not exist. */
  constructor(client: AgentWebClient, options: LangChainToolsOptions = {}) {
    super();
    this.tools = toLangChainTools(client, options);
  }
}
