import type {ReactElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it, vi} from 'vitest';

// Aliases the bundler provides. On the server (no DOM) a region is its children, as in a real server render.
vi.mock('@docusaurus/ExecutionEnvironment', () => ({default: {canUseDOM: false}}));
vi.mock('@docusaurus/useIsBrowser', () => ({default: () => false}));
vi.mock('@docusaurus/core/lib/client/browserContext', async () => ({Context: (await import('react')).createContext(false)}));

const {StagedTableBody} = await import('./Staged');

function rows(count: number): ReactElement[] {
  return Array.from({length: count}, (_, i) => (
    <tr key={i}>
      <td>{i + 1}</td>
    </tr>
  ));
}

function bodiesOf(count: number, size: number): string[][] {
  const html = renderToStaticMarkup(
    <table>
      <StagedTableBody region="rows" size={size}>
        {rows(count)}
      </StagedTableBody>
    </table>,
  );
  return [...html.matchAll(/<tbody>(.*?)<\/tbody>/g)].map((body) => [...body[1]!.matchAll(/<td>(\d+)<\/td>/g)].map((cell) => cell[1]!));
}

describe('StagedTableBody', () => {
  it('puts every row, in order, in bodies of the given size, the last one holding the rest', () => {
    expect(bodiesOf(17, 8)).toEqual([
      ['1', '2', '3', '4', '5', '6', '7', '8'],
      ['9', '10', '11', '12', '13', '14', '15', '16'],
      ['17'],
    ]);
  });

  it('draws one body for a short table and none for an empty one', () => {
    expect(bodiesOf(3, 8)).toEqual([['1', '2', '3']]);
    expect(bodiesOf(0, 8)).toEqual([]);
  });
});
