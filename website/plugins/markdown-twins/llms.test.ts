import {describe, expect, it} from 'vitest';
import {renderLlmsFullTxt, renderLlmsTxt, type LlmsGroup} from './llms';

const site = {
  title: 'Sigil docs',
  summary: 'Programmatic\nkey management.',
  details: ['Add `.md` to a page URL for its Markdown.'],
  optional: [{title: 'Changelog', url: 'https://docs.sigil.example/changelog', description: 'Releases.'}],
};

const groups: LlmsGroup[] = [
  {
    label: 'Documentation',
    pages: [
      {
        title: 'Quickstart [beta]',
        description: 'From zero\nto a signature.',
        url: 'https://docs.sigil.example/getting-started/quickstart',
        markdownUrl: 'https://docs.sigil.example/getting-started/quickstart.md',
        markdown: '# Quickstart\n\nBody text.\n',
      },
    ],
  },
  {label: 'Empty', pages: []},
  {
    label: 'API reference',
    pages: [
      {
        title: 'Create wallet',
        url: 'https://docs.sigil.example/api/wallets/create-wallet',
        markdownUrl: 'https://docs.sigil.example/api/wallets/create-wallet.md',
        markdown: '# Create wallet\n\n`POST /public/v1/submit/create_wallet`\n',
      },
    ],
  },
];

describe('renderLlmsTxt', () => {
  it('writes the llms.txt layout: title, summary, H2 sections of links with descriptions, Optional last', () => {
    expect(renderLlmsTxt(site, groups)).toBe(
      [
        '# Sigil docs',
        '',
        '> Programmatic key management.',
        '',
        'Add `.md` to a page URL for its Markdown.',
        '',
        '## Documentation',
        '',
        '- [Quickstart \\[beta\\]](https://docs.sigil.example/getting-started/quickstart.md): From zero to a signature.',
        '',
        '## API reference',
        '',
        '- [Create wallet](https://docs.sigil.example/api/wallets/create-wallet.md)',
        '',
        '## Optional',
        '',
        '- [Changelog](https://docs.sigil.example/changelog): Releases.',
        '',
      ].join('\n'),
    );
  });
});

describe('renderLlmsFullTxt', () => {
  it('concatenates every page in order with its source URL under its title', () => {
    const full = renderLlmsFullTxt(site, groups);
    expect(full.startsWith('# Sigil docs\n\n> Programmatic key management.\n')).toBe(true);
    const quick = full.indexOf('# Quickstart\n\nSource: https://docs.sigil.example/getting-started/quickstart\n\nBody text.');
    const wallet = full.indexOf('# Create wallet\n\nSource: https://docs.sigil.example/api/wallets/create-wallet\n');
    expect(quick).toBeGreaterThan(0);
    expect(wallet).toBeGreaterThan(quick);
    expect(full.split('\n---\n').length).toBe(3);
  });
});
