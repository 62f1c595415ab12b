import { describe, expect, it } from 'vitest';
import { mdxToMarkdown } from './mdx-to-markdown.js';

const PAGE = `---
title: Sessions
description: Sign in once, act many times.
keywords: [session, login]
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

Intro with a <Term id="x">term</Term> inline.

:::warning[Keep it secret]
The session key is a credential.
:::

<Tabs groupId="language">
<TabItem value="ts" label="TypeScript">

\`\`\`ts title="login.ts" run expect-output='^ok'
import {x} from 'y';
const el = <Tabs />;
\`\`\`

</TabItem>
</Tabs>

{/* a note for editors */}
<ErrorCodes />

<PathCards
  cards={[
    {title: 'Concepts', to: '/concepts/introduction', description: 'The model.'},
    {title: 'Security', to: '/security/our-approach'},
  ]}
/>

<PolicyExample id="cap-eth-value" />
`;

describe('mdxToMarkdown', () => {
  const doc = mdxToMarkdown(PAGE, (name, tag) =>
    name === 'ErrorCodes' ? '| Code |\n| --- |\n| 3 |' : name === 'PolicyExample' ? `policy ${/id="([^"]+)"/.exec(tag)![1]}` : undefined,
  );

  it('reads the front matter and starts the Markdown with the title', () => {
    expect(doc).toMatchObject({ title: 'Sessions', description: 'Sign in once, act many times.', keywords: ['session', 'login'] });
    expect(doc.markdown.startsWith('# Sessions\n\nIntro with a term inline.')).toBe(true);
  });

  it('drops imports and comments, labels tabs and admonitions, expands data components', () => {
    expect(doc.markdown).not.toContain("from '@theme/Tabs'");
    expect(doc.markdown).not.toContain('a note for editors');
    expect(doc.markdown).toContain('**Warning: Keep it secret**\n\nThe session key is a credential.');
    expect(doc.markdown).toContain('**TypeScript**');
    expect(doc.markdown).toContain('| Code |\n| --- |\n| 3 |');
    expect(doc.markdown).toContain('policy cap-eth-value');
  });

  it('writes a component whose props span lines as the list of links it shows', () => {
    expect(doc.markdown).toContain('- [Concepts](/concepts/introduction): The model.\n- [Security](/security/our-approach)');
    expect(doc.markdown).not.toContain('cards={');
  });

  it("keeps code blocks as written, without the doc checker's markers", () => {
    expect(doc.markdown).toContain("```ts title=\"login.ts\"\nimport {x} from 'y';\nconst el = <Tabs />;\n```");
  });
});
