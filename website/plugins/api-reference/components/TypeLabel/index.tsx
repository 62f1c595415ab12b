import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {TypeExpr} from '../../types';
import Breakable, {BreakableCode} from '@site/src/components/Breakable';

/** A field's type: `string (uuid)`, `array of WalletAccountParams` (linked), `"ACTIVITY_TYPE_CREATE_WALLET"`. */
export default function TypeLabel({type}: {type: TypeExpr}): ReactNode {
  switch (type.k) {
    case 'prim':
      return (
        <span>
          {type.name}
          {type.format ? ` (${type.format})` : ''}
        </span>
      );
    case 'ref':
      return (
        <span>
          <Link to={type.route}>
            <Breakable text={type.name} />
          </Link>
          {type.base ? ` (${type.base})` : ''}
        </span>
      );
    case 'array':
      return (
        <span>
          array of <TypeLabel type={type.of} />
        </span>
      );
    case 'map':
      return (
        <span>
          map of string to <TypeLabel type={type.of} />
        </span>
      );
    case 'const':
      return (
        <span>
          constant <BreakableCode text={type.value} />
        </span>
      );
    default:
      return null;
  }
}
