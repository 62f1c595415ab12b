import {useEffect, useMemo, useState} from 'react';
import {plainLanguages} from './languages';
import {decodeTokens, plainTokens, type Token} from './tokens';

interface Highlighted {
  code: string;
  language: string;
  tokens: Token[][];
}

/**
 * The tokens of a code block: those the build computed when it saw the code
 * (fenced blocks, API samples), else Prism loaded on demand for code a widget
 * produces. Until that arrives, and if it never does (offline), the code
 * shows as plain text: it is readable at once and the page never waits.
 */
export function useTokens(code: string, language: string, encoded: string | undefined): Token[][] {
  const fromBuild = useMemo(() => (encoded === undefined ? null : decodeTokens(encoded, code)), [encoded, code]);
  const needsBrowser = fromBuild === null && !plainLanguages.has(language);
  const [highlighted, setHighlighted] = useState<Highlighted | null>(null);

  useEffect(() => {
    if (!needsBrowser) return undefined;
    let current = true;
    import('./runtime')
      .then(({tokenize}) => {
        if (current) setHighlighted({code, language, tokens: tokenize(code, language)});
      })
      .catch(() => {
        // Offline or the chunk is gone: plain text is still the whole code.
      });
    return () => {
      current = false;
    };
  }, [needsBrowser, code, language]);

  if (fromBuild) return fromBuild;
  if (highlighted && highlighted.code === code && highlighted.language === language) return highlighted.tokens;
  return plainTokens(code);
}
