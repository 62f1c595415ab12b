/**
 * The feeds' links to themselves (`rel="self"`), which the Docusaurus blog
 * plugin's feed writer leaves out and feed validators ask for: readers that
 * got a feed by redirect or from a copy then know its canonical address.
 */

/** RSS 2.0: an `atom:link rel="self"` in the channel, with the Atom namespace declared on `<rss>`. */
export function addRssSelfLink(xml: string, selfUrl: string): string {
  if (/<atom:link\b[^>]*\brel="self"/.test(xml)) return xml;
  const withNamespace = /<rss\b[^>]*\bxmlns:atom=/.test(xml) ? xml : xml.replace(/<rss\b/, '<rss xmlns:atom="http://www.w3.org/2005/Atom"');
  const channel = /<channel>/.exec(withNamespace);
  if (!channel) throw new Error('RSS feed has no <channel>');
  const at = channel.index + channel[0].length;
  return `${withNamespace.slice(0, at)}\n        <atom:link href="${escapeXml(selfUrl)}" rel="self" type="application/rss+xml"/>${withNamespace.slice(at)}`;
}

/** Atom: a `<link rel="self">` in the feed. */
export function addAtomSelfLink(xml: string, selfUrl: string): string {
  if (/<link\b[^>]*\brel="self"/.test(xml)) return xml;
  const feed = /<feed\b[^>]*>/.exec(xml);
  if (!feed) throw new Error('Atom feed has no <feed>');
  const at = feed.index + feed[0].length;
  return `${xml.slice(0, at)}\n    <link rel="self" type="application/atom+xml" href="${escapeXml(selfUrl)}"/>${xml.slice(at)}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
