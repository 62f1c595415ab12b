// The bundler runs loaders in plain Node, which cannot read TypeScript: jiti
// (the same compiler Docusaurus loads the site config with) compiles loader.ts.
const load = require('jiti')(__filename, {interopDefault: true});

const loader = load('./loader.ts');
module.exports = loader.default;
module.exports.pitch = loader.pitch;
