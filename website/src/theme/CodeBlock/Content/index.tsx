import {forwardRef, useContext, useMemo, type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {usePrismTheme} from '@docusaurus/theme-common';
import Line from '@theme/CodeBlock/Line';
import type {Props as LineProps} from '@theme/CodeBlock/Line';
import {BuildTokens} from '@site/src/highlight/context';
import {lineProps, themeDict, tokenProps, type LinePropsInput, type TokenPropsInput} from '@site/src/highlight/theme';
import {useTokens} from '@site/src/highlight/useTokens';
// The theme's own styles for this component (the package has no exports map, so the file is importable).
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';

/*
 * The theme's CodeBlock/Content, ejected so that it draws tokens computed at
 * build time (src/highlight) instead of running Prism in the browser. The
 * markup and the inline theme colours are the theme's own.
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
  // The Line component is typed with prism-react-renderer's prop getters; ours return the same shapes.
  const getLineProps = ((input: LinePropsInput) => lineProps(dict, input)) as unknown as LineProps['getLineProps'];
  const getTokenProps = ((input: TokenPropsInput) => tokenProps(dict, input)) as unknown as LineProps['getTokenProps'];
  return (
    <Pre ref={wordWrap.codeBlockRef} className={clsx(className, 'prism-code', `language-${language}`)} style={dict.root}>
      <Code>
        {lines.map((line, i) => (
          <Line
            key={i}
            line={line as LineProps['line']}
            getLineProps={getLineProps}
            getTokenProps={getTokenProps}
            classNames={lineClassNames[i]}
            showLineNumbers={lineNumbersStart !== undefined}
          />
        ))}
      </Code>
    </Pre>
  );
}
