/**
 * The browser build's `hoist-non-react-statics` (plugins/hoist-statics/index.ts): react-router's `withRouter`, the
 * only caller (Docusaurus wraps its pending-navigation component with it), copies a component's own static
 * properties onto its wrapper. The package does this with react-is, to tell memo and forward-ref components apart;
 * here the properties React itself reads and those every function has are simply never copied.
 */
const NOT_COPIED = new Set([
  ...['childContextTypes', 'contextType', 'contextTypes', 'defaultProps', 'displayName', 'getDefaultProps'],
  ...['getDerivedStateFromError', 'getDerivedStateFromProps', 'mixins', 'propTypes', 'type', 'compare', 'render', '$$typeof'],
  ...['name', 'length', 'prototype', 'caller', 'callee', 'arguments', 'arity'],
]);

export default function hoistNonReactStatics<T extends object>(target: T, source: unknown): T {
  if (typeof source !== 'function' && (typeof source !== 'object' || source === null)) return target;
  const copied = new Set<string | symbol>();
  // The source's own statics first, then those it inherits, as far as the built-in prototypes.
  for (let from: object | null = source; from && from !== Function.prototype && from !== Object.prototype; from = Object.getPrototypeOf(from)) {
    for (const key of Reflect.ownKeys(from)) {
      if (copied.has(key) || (typeof key === 'string' && NOT_COPIED.has(key))) continue;
      copied.add(key);
      try {
        Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(from, key)!);
      } catch {
        // A property the target does not let be defined (frozen, or not configurable) stays the target's own.
      }
    }
  }
  return target;
}
