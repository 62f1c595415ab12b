// Copies the bundled document into the website so it is served at
// /api/openapi.yaml and /api/openapi.json. The target files are gitignored.
import { copyFileSync, mkdirSync } from 'node:fs';

const target = new URL('../../../website/static/api/', import.meta.url);
mkdirSync(target, { recursive: true });
for (const file of ['openapi.yaml', 'openapi.json']) {
  copyFileSync(new URL(`../dist/${file}`, import.meta.url), new URL(file, target));
}
console.log('Copied openapi.yaml and openapi.json to website/static/api/');
