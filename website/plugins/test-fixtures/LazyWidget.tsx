import type {ReactNode} from 'react';

export default function LazyWidget(): ReactNode {
  return <p data-testid="lazy-widget">Lazy widget loaded</p>;
}
