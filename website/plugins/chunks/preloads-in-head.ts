/**
 * React 19's server render adds a `<link rel=preload as=image>` for the
 * first eagerly loaded images it renders (the navbar's logo on every page).
 * It would put them in the document's `<head>`, but Docusaurus renders the
 * app alone, into `<div id=__docusaurus>`, so they land as that element's
 * first children. React's hydration skips such tags; Preact's (the browser
 * build's runtime, plugins/preact) does not know them and, to put the app's
 * own elements first, moves the announcement bar, the navbar, the whole main
 * content and the footer after them: every node of the page taken out and
 * put back during hydration. In `<head>`, where React means them to be, they
 * preload the same and leave the app's element holding only what the app
 * renders.
 */

const ROOT = /<div id=(?:"__docusaurus"|__docusaurus)>/;
const LEADING_LINKS = /^(?:<link\b[^>]*>)+/;

/** The page with the `<link>` tags at the start of the app's element moved to the end of `<head>`. */
export function withPreloadsInHead(html: string): string {
  const root = ROOT.exec(html);
  if (!root) return html;
  const start = root.index + root[0].length;
  const links = LEADING_LINKS.exec(html.slice(start))?.[0];
  if (!links) return html;
  const withoutLinks = html.slice(0, start) + html.slice(start + links.length);
  const end = withoutLinks.indexOf('</head>');
  if (end === -1) throw new Error('withPreloadsInHead: the page has no </head>');
  return withoutLinks.slice(0, end) + links + withoutLinks.slice(end);
}
