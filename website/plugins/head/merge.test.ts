import {describe, expect, it} from 'vitest';
import {keyOf, mergeHeads, type HeadContents, type HeadTag} from './merge';

const meta = (attributes: Record<string, string>): HeadTag => ({type: 'meta', attributes});
const link = (attributes: Record<string, string>): HeadTag => ({type: 'link', attributes});
const head = (partial: Partial<HeadContents>): HeadContents => ({html: {}, body: {}, tags: [], ...partial});

describe('keyOf', () => {
  it('knows a meta tag by its name, property or charset, whatever its case', () => {
    expect(keyOf(meta({name: 'Description', content: 'a'}))).toBe('name:description');
    expect(keyOf(meta({property: 'og:title', content: 'a'}))).toBe('property:og:title');
    expect(keyOf(meta({charset: 'utf-8'}))).toBe('charset:utf-8');
    expect(keyOf(meta({content: 'nothing names it'}))).toBeUndefined();
  });

  it('knows a link by its address, a canonical link by its rel alone, and never a style sheet by its rel', () => {
    expect(keyOf(link({rel: 'alternate', href: '/A', hreflang: 'en'}))).toBe('href:/a');
    expect(keyOf(link({rel: 'canonical', href: '/a'}))).toBe('rel:canonical');
    expect(keyOf(link({rel: 'preconnect'}))).toBe('rel:preconnect');
    expect(keyOf(link({rel: 'stylesheet'}))).toBeUndefined();
  });

  it('knows a script by its src, else by its content', () => {
    expect(keyOf({type: 'script', attributes: {src: '/x.js'}})).toBe('src:/x.js');
    expect(keyOf({type: 'script', attributes: {type: 'application/ld+json'}, text: '{"a":1}'})).toBe('content:{"a":1}');
    expect(keyOf({type: 'script', attributes: {}})).toBeUndefined();
  });
});

describe('mergeHeads', () => {
  it('takes the title of the last head that has one', () => {
    expect(mergeHeads([head({title: 'Site'}), head({title: 'Page'}), head({})]).title).toBe('Page');
    expect(mergeHeads([head({})]).title).toBeUndefined();
  });

  it('merges html and body attributes, a later head overriding an earlier one', () => {
    const state = mergeHeads([head({html: {lang: 'en', class: 'a'}, body: {class: 'x'}}), head({html: {class: 'a b'}})]);
    expect(state.html).toEqual({lang: 'en', class: 'a b'});
    expect(state.body).toEqual({class: 'x'});
  });

  it('replaces an earlier head’s tag by a later one with the same key, keeping the later one’s place', () => {
    const state = mergeHeads([
      head({tags: [meta({name: 'description', content: 'site'}), meta({name: 'viewport', content: 'w'})]}),
      head({tags: [meta({name: 'description', content: 'page'})]}),
    ]);
    expect(state.tags).toEqual([meta({name: 'viewport', content: 'w'}), meta({name: 'description', content: 'page'})]);
  });

  it('keeps two tags of one head with the same key, and leaves out tags with no key', () => {
    const alternates = [link({rel: 'alternate', href: '/p', hreflang: 'en'}), link({rel: 'alternate', href: '/p', hreflang: 'x-default'})];
    const state = mergeHeads([head({tags: [...alternates, meta({content: 'orphan'})]})]);
    expect(state.tags).toEqual(alternates);
  });

  it('keys tags by type: a meta name and a link rel of the same word do not collide', () => {
    const state = mergeHeads([head({tags: [link({rel: 'icon', href: '/i.svg'})]}), head({tags: [meta({name: 'icon', content: 'x'})]})]);
    expect(state.tags).toHaveLength(2);
  });
});
