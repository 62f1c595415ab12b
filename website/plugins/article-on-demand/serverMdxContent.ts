/**
 * The theme's MDXContent, for the server render, which draws every article in full. The browser build gets
 * `noMdxContent.ts` in its place (index.ts): there the provider and the components it brings load with an article
 * (registry.ts), not in the docs shell every docs page loads.
 */
export {default} from '@theme/MDXContent';
