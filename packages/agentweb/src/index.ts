export * from './client/index.js';
export * from './tools/index.js';
