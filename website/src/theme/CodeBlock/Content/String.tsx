import type {ReactNode} from 'react';
import CodeBlockString from '@theme-original/CodeBlock/Content/String';
import type CodeBlockStringType from '@theme/CodeBlock/Content/String';
import type {WrapperProps} from '@docusaurus/types';
import {BuildTokens} from '@site/src/highlight/context';

type Props = WrapperProps<typeof CodeBlockStringType> & {
  /** Build-time tokens: set on fenced blocks by plugins/highlight/remark.ts, and by components that highlighted at build time. */
  tokens?: string;
};

/** Hands the build-time tokens down to CodeBlock/Content, which draws the lines. */
export default function CodeBlockStringWithTokens({tokens, ...props}: Props): ReactNode {
  return (
    <BuildTokens.Provider value={tokens}>
      <CodeBlockString {...props} />
    </BuildTokens.Provider>
  );
}
