export {
  CAP_AGENT_CARD_REL,
  type DiscoverLinksBaseOptions,
  type DiscoverLinksOptions,
  discoverLinks,
} from './discover-links.js';
export {
  type DiscoverLinksStreamOptions,
  type DiscoverLinksStreamResult,
  discoverLinksFromStream,
} from './discover-links-stream.js';
export { type FetchPageLinksOptions, fetchPageLinks, type PageLinks } from './fetch-page-links.js';
export {
  createHtmlLinkScanner,
  type HtmlLinkScanner,
  type HtmlLinkScannerOptions,
} from './html-link-scanner.js';
export { type LinkHeadersInput, type ParsedLinkValue, parseLinkHeader } from './link-header.js';
