export { ClientFlagError, isClientFlagError } from './client-flag-error.js';
export { CLIENT_FLAG_OPTIONS, CLIENT_FLAGS_HELP, type ClientFlagValues } from './client-flag-table.js';
export { clientOptionsFromFlags } from './client-flags.js';
export { createHostMapLookup } from './host-map-lookup.js';
