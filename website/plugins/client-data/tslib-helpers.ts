/**
 * The one tslib helper `@docusaurus/utils-common` calls, for the client
 * bundle (index.ts swaps it in for `tslib` in that package only). The package
 * is CommonJS, so `require("tslib")` kept the whole of tslib (about 4 KB gzip)
 * in every page's main.js for this one function. Same code as tslib's.
 */
export function __importDefault<T>(mod: T): T | {default: T} {
  return mod && (mod as {__esModule?: boolean}).__esModule ? mod : {default: mod};
}
