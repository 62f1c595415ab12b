#!/usr/bin/env node
// Committed, unlike dist/, so that `npm ci` links the `sigil` command: npm links no bin whose file is missing,
// and dist/ only exists after the build.
try {
  await import('../dist/bin.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/bin.js')) {
    console.error('sigil: the CLI is not built yet: run `npm run build:packages` at the repository root first');
    process.exit(1);
  }
  throw error;
}
