import type {ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {cloneCommands} from './commands';

/** The clone-and-install commands as a bash block, with the repository address the site is configured with. */
export default function CloneRepository({folder = 'sigil-docs'}: {folder?: string}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return <CodeBlock language="bash">{cloneCommands(String(siteConfig.customFields?.repositoryUrl ?? ''), folder)}</CodeBlock>;
}
