export { AgentWebToolkit } from './agent-web-toolkit.js';
export {
  type AgentWebLangChainTool,
  type LangChainToolsOptions,
  toLangChainTool,
  toLangChainTools,
} from './to-langchain-tools.js';
