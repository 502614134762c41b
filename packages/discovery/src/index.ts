export * from './crawl/index.js';
export * from './dns/index.js';
export * from './links/index.js';
export * from './page/index.js';
export * from './registry/index.js';
export * from './resolve/index.js';
export * from './robots/index.js';
export * from './well-known/index.js';
