export * from './check-nooterra-card.js';
export * from './nooterra-card-schema.js';
export { normalizeNooterraCard } from './normalize-nooterra-card.js';
export * from './validate-capability-id.js';
