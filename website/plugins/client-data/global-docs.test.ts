import {describe, expect, it} from 'vitest';
import {clientGlobalData, navbarDocIds, sectionDocs} from './global-docs';

const doc = (id: string, sidebar = 'documentation') => ({id, path: `/${id}`, sidebar});
const globalData = {
  'docusaurus-plugin-content-docs': {
    default: {
      path: '/',
      versions: [
        {name: 'current', label: 'Next', isLast: true, path: '/', mainDocId: 'overview', docs: [doc('overview'), doc('concepts/wallets'), doc('concepts/users'), doc('sdks/go', 'sdks'), doc('faq')], draftIds: [], sidebars: {}},
      ],
      breadcrumbs: true,
    },
  },
  'sigil-api': {pages: 3},
};
// Sections by route path, as the route table cuts them: `/faq` is not in a section (a route with a parameter, say).
const sectionOf = (path: string) => ({'/concepts/wallets': 'concepts', '/concepts/users': 'concepts', '/sdks/go': 'sdks', '/overview': 'overview'})[path];
const docsOf = (data: Record<string, unknown>) =>
  (data['docusaurus-plugin-content-docs'] as {default: {versions: {docs: {id: string}[]}[]}}).default.versions[0]!.docs.map((d) => d.id);

describe('the docs list of the browser’s global data', () => {
  it('keeps the docs no section holds, those the navbar names and the main doc; the rest stays as it was', () => {
    const out = clientGlobalData(globalData, sectionOf, new Set(['sdks/go']));
    expect(docsOf(out)).toEqual(['overview', 'sdks/go', 'faq']);
    expect(out['sigil-api']).toBe(globalData['sigil-api']);
    expect((out['docusaurus-plugin-content-docs'] as {default: {breadcrumbs: boolean}}).default.breadcrumbs).toBe(true);
    // The server's copy is not changed.
    expect(docsOf(globalData)).toHaveLength(5);
  });

  it('gives each section the docs at its addresses that the browser’s copy left out, and nothing twice', () => {
    const keep = new Set(['sdks/go']);
    expect(sectionDocs(globalData, sectionOf, keep, 'concepts')).toEqual([['default', 'current', [doc('concepts/wallets'), doc('concepts/users')]]]);
    expect(sectionDocs(globalData, sectionOf, keep, 'sdks')).toEqual([]);
    expect(sectionDocs(globalData, sectionOf, keep, 'overview')).toEqual([]);
    // Every doc is in exactly one place: the trimmed list or one section.
    const all = [...docsOf(clientGlobalData(globalData, sectionOf, keep)), ...['concepts', 'sdks', 'overview'].flatMap((s) => sectionDocs(globalData, sectionOf, keep, s).flatMap(([, , docs]) => docs.map((d) => d.id)))];
    expect(all.sort()).toEqual(docsOf(globalData).sort());
  });

  it('leaves global data without docs as it is, and fails on a shape it does not know', () => {
    const other = {'sigil-api': {}};
    expect(clientGlobalData(other, sectionOf, new Set())).toBe(other);
    expect(() => clientGlobalData({'docusaurus-plugin-content-docs': {default: {versions: [{name: 'current'}]}}}, sectionOf, new Set())).toThrow(/not in the form this site expects/);
  });

  it('finds the navbar’s doc ids in dropdowns too', () => {
    expect(navbarDocIds([{type: 'doc', docId: 'a'}, {type: 'dropdown', items: [{type: 'doc', docId: 'b'}, {type: 'docSidebar', sidebarId: 's'}]}, {to: '/c'}])).toEqual(['a', 'b']);
    expect(navbarDocIds(undefined)).toEqual([]);
  });
});
