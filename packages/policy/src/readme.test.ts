import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { ACTIVITY_TYPES } from './activities.js';
import { CONTEXT_FIELDS } from './context-fields.js';
import { MAX_EXPRESSION_LENGTH, MAX_NESTING_DEPTH } from './limits.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

test('the README lists every context field with its type, and no other', () => {
  const rows = [...readme.matchAll(/^\| `([a-z_.[\]]+)` \| ([a-z<>]+) \|/gm)].map((m) => [m[1], m[2]]);
  expect(rows).toEqual(CONTEXT_FIELDS.map((f) => [f.path, f.type]));
});

test('the README lists every activity type with its resource and action', () => {
  for (const t of ACTIVITY_TYPES) {
    expect(readme).toContain(`| \`${t.type}\` | \`${t.resource}\` | \`${t.action}\``);
  }
});

test('the README states the limits the package enforces', () => {
  expect(readme).toContain(`| Expression length | ${MAX_EXPRESSION_LENGTH} characters (Unicode code points) | \`MAX_EXPRESSION_LENGTH\``);
  expect(readme).toContain(`| Nesting depth | ${MAX_NESTING_DEPTH} levels | \`MAX_NESTING_DEPTH\``);
});
