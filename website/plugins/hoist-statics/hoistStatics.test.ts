import {describe, expect, it} from 'vitest';
import hoistNonReactStatics from './hoistStatics';

describe('hoistNonReactStatics', () => {
  it('copies a component’s own statics, with their descriptors, but not those React reads or every function has', () => {
    function Inner() {
      return null;
    }
    Inner.displayName = 'Inner';
    Inner.defaultProps = {a: 1};
    (Inner as unknown as {preload: () => string}).preload = () => 'loaded';
    Object.defineProperty(Inner, 'version', {value: 2, enumerable: false});
    const Wrapper = () => null;
    const result = hoistNonReactStatics(Wrapper, Inner);
    expect(result).toBe(Wrapper);
    expect((Wrapper as unknown as {preload: () => string}).preload()).toBe('loaded');
    expect(Object.getOwnPropertyDescriptor(Wrapper, 'version')).toEqual({value: 2, enumerable: false, writable: false, configurable: false});
    expect(Wrapper).not.toHaveProperty('displayName');
    expect(Wrapper).not.toHaveProperty('defaultProps');
    expect(Wrapper.name).toBe('Wrapper');
  });

  it('copies inherited statics too, the closest one winning', () => {
    class Base {
      static shared = 'base';
      static onlyBase = 'base';
    }
    class Derived extends Base {
      static shared = 'derived';
    }
    const Wrapper = {} as Record<string, unknown>;
    hoistNonReactStatics(Wrapper, Derived);
    expect(Wrapper.shared).toBe('derived');
    expect(Wrapper.onlyBase).toBe('base');
  });

  it('leaves the target alone when the source is not a component, and skips what the target refuses', () => {
    const target = Object.freeze({kept: true});
    expect(hoistNonReactStatics(target, 'div')).toBe(target);
    expect(() => hoistNonReactStatics(target, {added: 1})).not.toThrow();
    expect(target).not.toHaveProperty('added');
  });
});
