/** What the browser build has for `serverMdxContent.ts`: nothing; registry.ts loads MDXContent when an article runs. */
const noMdxContent = undefined;
export default noMdxContent;
