/**
 * The browser build's stand-in for react-helmet-async (plugins/head/index.ts swaps it in; README.md there): the
 * two components Docusaurus's client uses, `HelmetProvider` (the app's root) and `Helmet` (what `@docusaurus/Head`
 * renders). Each mounted `Helmet` hands in what its children describe; after each commit the merged result
 * (merge.ts) is written to the document: its title, the `<html>` and `<body>` attributes the heads set, and the
 * head's tags marked `data-rh` (the mark the server render gives them), where a tag already equal to one wanted is
 * left in place, so hydration changes nothing in a head the server wrote.
 */
import {Children, Fragment, isValidElement, useLayoutEffect, useRef, type ReactElement, type ReactNode} from 'react';
import {mergeHeads, TAG_TYPES, type HeadContents, type HeadTag, type TagType} from './merge';

/** React's names for the attributes whose HTML names differ by more than case. */
const HTML_NAMES: Record<string, string> = {className: 'class', htmlFor: 'for', httpEquiv: 'http-equiv', acceptCharset: 'accept-charset'};

function attributesOf(props: Record<string, unknown>): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [prop, value] of Object.entries(props)) {
    if (prop === 'children' || prop === 'dangerouslySetInnerHTML' || value === undefined || value === null) continue;
    const name = HTML_NAMES[prop] ?? (/^(data|aria)-/.test(prop) ? prop : prop.toLowerCase());
    // As React writes them: data- and aria- attributes spell out booleans; elsewhere false leaves the attribute out.
    if (value === false && !/^(data|aria)-/.test(name)) continue;
    attributes[name] = value === true && !/^(data|aria)-/.test(name) ? '' : String(value);
  }
  return attributes;
}

const textOf = (children: unknown): string =>
  Array.isArray(children) ? children.map(textOf).join('') : children === undefined || children === null || typeof children === 'boolean' ? '' : String(children);

/** What one `<Head>`'s children describe; elements of other types are ignored, as react-helmet-async does. */
export function contentsOf(children: ReactNode): HeadContents {
  const contents: HeadContents = {html: {}, body: {}, tags: []};
  const visit = (nodes: ReactNode) => {
    for (const child of Children.toArray(nodes)) {
      if (!isValidElement(child)) continue;
      const {type, props} = child as ReactElement<Record<string, unknown>>;
      if (type === Fragment) visit(props.children as ReactNode);
      else if (type === 'title') contents.title = textOf(props.children);
      else if (type === 'html') Object.assign(contents.html, attributesOf(props));
      else if (type === 'body') Object.assign(contents.body, attributesOf(props));
      else if (typeof type === 'string' && (TAG_TYPES as readonly string[]).includes(type)) {
        const tag: HeadTag = {type: type as TagType, attributes: attributesOf(props)};
        const inner = (props.dangerouslySetInnerHTML as {__html?: string} | undefined)?.__html;
        if (inner !== undefined) tag.html = inner;
        else if (props.children !== undefined) tag.text = textOf(props.children);
        contents.tags.push(tag);
      }
    }
  };
  visit(children);
  return contents;
}

/** Mounted heads by the order of their first render: outer before inner, earlier before later. */
const mounted = new Map<number, HeadContents>();
let renders = 0;
let flushQueued = false;
/** The `<html>` and `<body>` attributes the heads have set, so that one no head sets any more is removed. */
const managed = {html: new Set<string>(), body: new Set<string>()};

function setAttributes(element: Element, attributes: Record<string, string>, names: Set<string>): void {
  for (const name of names) if (!(name in attributes)) element.removeAttribute(name);
  names.clear();
  for (const [name, value] of Object.entries(attributes)) {
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);
    names.add(name);
  }
}

function elementOf(tag: HeadTag): Element {
  const element = document.createElement(tag.type);
  for (const [name, value] of Object.entries(tag.attributes)) element.setAttribute(name, value);
  element.setAttribute('data-rh', 'true');
  if (tag.html !== undefined) element.innerHTML = tag.html;
  else if (tag.text !== undefined) element.textContent = tag.text;
  return element;
}

/** JSON with every object's keys in order: the build's HTML minifier writes JSON-LD that way. */
const canonicalJson = (text: string | null): string | undefined => {
  try {
    return JSON.stringify(JSON.parse(text ?? ''), (_key, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : +(a > b)))) : value,
    );
  } catch {
    return undefined;
  }
};

/** Whether a tag in the document is the one wanted: equal, or JSON-LD with the same attributes and the same data. */
function isSame(present: Element, wanted: Element): boolean {
  if (present.isEqualNode(wanted)) return true;
  if (wanted.getAttribute('type') !== 'application/ld+json' || present.tagName !== wanted.tagName) return false;
  if (present.attributes.length !== wanted.attributes.length) return false;
  if (Array.from(wanted.attributes).some((a) => present.getAttribute(a.name) !== a.value)) return false;
  const data = canonicalJson(wanted.textContent);
  return data !== undefined && data === canonicalJson(present.textContent);
}

function write(state: HeadContents): void {
  if (state.title !== undefined && document.title !== state.title) document.title = state.title;
  setAttributes(document.documentElement, state.html, managed.html);
  setAttributes(document.body, state.body, managed.body);
  const present = Array.from(document.head.querySelectorAll(TAG_TYPES.map((t) => `${t}[data-rh]`).join(',')));
  const added: Element[] = [];
  for (const tag of state.tags) {
    const element = elementOf(tag);
    const same = present.findIndex((old) => isSame(old, element));
    if (same >= 0) present.splice(same, 1);
    else added.push(element);
  }
  for (const old of present) old.remove();
  for (const element of added) document.head.appendChild(element);
}

function queueFlush(): void {
  if (flushQueued) return;
  flushQueued = true;
  // After the commit's other layout effects: one write for all the heads a navigation mounts and unmounts.
  queueMicrotask(() => {
    flushQueued = false;
    write(mergeHeads([...mounted.keys()].sort((a, b) => a - b).map((order) => mounted.get(order)!)));
  });
}

export function Helmet({children}: {children?: ReactNode}): null {
  const order = useRef(0);
  if (order.current === 0) order.current = ++renders;
  const contents = contentsOf(children);
  // Written again only when what this head describes changed, not on every render of its parent.
  const signature = JSON.stringify(contents);
  useLayoutEffect(() => {
    mounted.set(order.current, contents);
    queueFlush();
  }, [signature]); // eslint-disable-line react-hooks/exhaustive-deps -- the signature stands for `contents`
  useLayoutEffect(
    () => () => {
      mounted.delete(order.current);
      queueFlush();
    },
    [],
  );
  return null;
}

export function HelmetProvider({children}: {children?: ReactNode}): ReactElement {
  return <>{children}</>;
}
