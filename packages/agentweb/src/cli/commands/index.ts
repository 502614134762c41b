import type { CliCommand } from '../command.js';
import { agisMcpCommand } from './agis-mcp.js';
import { agisValidateCommand } from './agis-validate.js';
import { askCommand } from './ask.js';
import { cardValidateCommand } from './card-validate.js';
import { cartCommand } from './cart.js';
import { checkoutCommand } from './checkout.js';
import { crawlCommand } from './crawl.js';
import { crawlWorkerCommand } from './crawl-worker.js';
import { discoverCommand } from './discover.js';
import { intentCommand } from './intent.js';
import { productCommand } from './product.js';
import { searchCommand } from './search.js';

/** Every command, in the order the help lists them. */
export const COMMANDS: readonly CliCommand[] = [
  discoverCommand,
  cardValidateCommand,
  searchCommand,
  productCommand,
  cartCommand,
  checkoutCommand,
  agisValidateCommand,
  agisMcpCommand,
  intentCommand,
  askCommand,
  crawlCommand,
  crawlWorkerCommand,
];

/** Words that take a sub-command (`card validate`, `agis mcp`). */
export const COMMAND_GROUPS: ReadonlySet<string> = new Set(
  COMMANDS.filter((c) => c.name.includes(' ')).map((c) => c.name.split(' ')[0]!),
);
