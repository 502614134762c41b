/** The `initialize` instructions of both AgentWeb MCP servers (many hosts add them to the model's prompt). */
export const DEFAULT_INSTRUCTIONS = [
  'AgentWeb tools: discover shopping agents (CAP merchants) on the web, search products across them, read products,',
  'manage carts and order status, and route requests to AGIS services. Every tool answers with JSON',
  '{ ok, data } or { ok: false, error: { code, message } }; read the error message, it says what to change.',
  'Tools marked destructive need the user to agree first: call them with confirmed: true only after they did.',
].join(' ');
