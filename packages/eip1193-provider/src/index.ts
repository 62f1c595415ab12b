export { createEIP1193Provider } from './provider.js';
export type { Chain, SigilEIP1193Events, SigilEIP1193Provider, SigilProviderOptions } from './provider.js';
export { ProviderRpcError } from './errors.js';
