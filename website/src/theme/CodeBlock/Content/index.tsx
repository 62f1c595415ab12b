import {forwardRef, useContext, useMemo, type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {usePrismTheme} from '@docusaurus/theme-common';
import {BuildTokens} from '@site/src/highlight/context';
import {themeDict} from '@site/src/highlight/theme';
import {linesHtml} from '@site/src/highlight/html';
import {useTokens} from '@site/src/highlight/useTokens';
// The theme's own styles for this component and its lines (the package has no exports map, so the files are importable).
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import lineStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Line/styles.module.css';

/*
 * The theme's CodeBlock/Content, ejected so that it draws tokens computed at
 * build time (src/highlight) instead of running Prism in the browser. The
 * markup and the inline theme colours are the theme's own; the lines are one
 * HTML string (src/highlight/html.ts), so React hydrates one element per
 * block instead of one per token.
 */

const Pre = forwardRef<HTMLPreElement, ComponentProps<'pre'>>((props, ref) => (
  // The block scrolls sideways, so it takes focus for keyboard scrolling (as in the theme).
  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
  <pre ref={ref} tabIndex={0} {...props} className={clsx(props.className, styles.codeBlock, 'thin-scrollbar')} />
));

function Code(props: ComponentProps<'code'>): ReactNode {
  const {metadata} = useCodeBlockContext();
  return (
    <code
      {...props}
      className={clsx(props.className, styles.codeBlockLines, metadata.lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering)}
      style={{
        ...props.style,
        counterReset: metadata.lineNumbersStart === undefined ? undefined : `line-count ${metadata.lineNumbersStart - 1}`,
      }}
    />
  );
}

export default function CodeBlockContent({className}: {className?: string}): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const {code, language, lineNumbersStart, lineClassNames} = metadata;
  const lines = useTokens(code, language, useContext(BuildTokens));
  const dict = useMemo(() => themeDict(prismTheme, language), [prismTheme, language]);
  // The theme makes the metadata again on every render of the block (a word-wrap toggle, for one): its line
  // classes are compared by value, so the lines' HTML is built again only when they change.
  const lineClassesKey = JSON.stringify(lineClassNames);
  const html = useMemo(
    () =>
      linesHtml({
        lines,
        dict,
        lineClassNames,
        showLineNumbers: lineNumbersStart !== undefined,
        classes: {codeLine: lineStyles.codeLine!, codeLineNumber: lineStyles.codeLineNumber!, codeLineContent: lineStyles.codeLineContent!},
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- lineClassNames is compared by value (lineClassesKey)
    [lines, dict, lineClassesKey, lineNumbersStart],
  );
  return (
    <Pre ref={wordWrap.codeBlockRef} className={clsx(className, 'prism-code', `language-${language}`)} style={dict.root}>
      <Code dangerouslySetInnerHTML={{__html: html}} />
    </Pre>
  );
}
