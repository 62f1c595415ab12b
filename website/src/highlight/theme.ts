import type {CSSProperties} from 'react';
import clsx from 'clsx';
import type {Token} from './tokens';

/** A Prism theme as the site config declares it (prism-react-renderer's shape). */
export interface PrismTheme {
  plain: CSSProperties;
  styles: {types: string[]; style: CSSProperties; languages?: string[]}[];
}

type ThemeDict = Record<string, CSSProperties>;

/**
 * The inline styles prism-react-renderer would give lines and tokens, so a
 * block highlighted at build time looks exactly like one highlighted in the
 * browser (colours follow the light or dark Prism theme of the site config).
 */
export function themeDict(theme: PrismTheme, language: string): ThemeDict {
  const dict: ThemeDict = {};
  for (const {languages, style, types} of theme.styles) {
    if (languages && !languages.includes(language)) continue;
    for (const type of types) dict[type] = {...dict[type], ...style};
  }
  dict.root = theme.plain;
  dict.plain = {...theme.plain, backgroundColor: undefined};
  return dict;
}

export interface LinePropsInput {
  line: Token[];
  className?: string;
  style?: CSSProperties;
  [key: string]: unknown;
}

export interface TokenPropsInput {
  token: Token;
  className?: string;
  style?: CSSProperties;
  [key: string]: unknown;
}

export function lineProps(dict: ThemeDict, {line: _line, className, style, ...rest}: LinePropsInput) {
  return {...rest, className: clsx('token-line', className), style: {...dict.plain, ...style}};
}

function tokenStyle(dict: ThemeDict, {types, empty}: Token): CSSProperties | undefined {
  if (types.length === 1 && types[0] === 'plain') return empty != null ? {display: 'inline-block'} : undefined;
  if (types.length === 1 && empty != null) return dict[types[0]!];
  return Object.assign(empty != null ? {display: 'inline-block'} : {}, ...types.map((type) => dict[type]));
}

export function tokenProps(dict: ThemeDict, {token, className, style, ...rest}: TokenPropsInput) {
  const own = tokenStyle(dict, token);
  return {
    ...rest,
    className: clsx('token', ...token.types, className),
    children: token.content,
    style: style != null ? {...own, ...style} : own,
  };
}
