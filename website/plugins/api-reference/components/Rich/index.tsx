import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {RichNode, RichText} from '../../types';
import {BreakableCode} from '@site/src/components/Breakable';

function renderNode(node: RichNode, key: number): ReactNode {
  if (typeof node === 'string') return node;
  switch (node[0]) {
    case 'code':
      return <BreakableCode key={key} text={node[1]} />;
    case 'op':
    case 'schema':
      return (
        <Link key={key} to={node[2]}>
          <BreakableCode text={node[1]} />
        </Link>
      );
    case 'strong':
      return <strong key={key}>{renderRich(node[1])}</strong>;
    case 'em':
      return <em key={key}>{renderRich(node[1])}</em>;
    case 'p':
      return <p key={key}>{renderRich(node[1])}</p>;
    case 'li':
      return <li key={key}>{renderRich(node[1])}</li>;
    case 'ul':
      return <ul key={key}>{renderRich(node[1])}</ul>;
    case 'ol':
      return <ol key={key}>{renderRich(node[1])}</ol>;
    case 'a':
      return (
        <Link key={key} to={node[1]}>
          {renderRich(node[2])}
        </Link>
      );
    case 'pre':
      return (
        <pre key={key}>
          <code>{node[2]}</code>
        </pre>
      );
    case 'br':
      return <br key={key} />;
    default:
      return null;
  }
}

export function renderRich(nodes: RichText): ReactNode[] {
  return nodes.map(renderNode);
}

/** Text converted from the OpenAPI document's CommonMark at build time. */
export default function Rich({text}: {text: RichText | undefined}): ReactNode {
  return text ? <>{renderRich(text)}</> : null;
}
