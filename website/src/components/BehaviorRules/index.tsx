import type {ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Heading from '@theme/Heading';
import catalog from '@sigil/api-spec/behavior-rules.summary.json';
import {ERROR_CODES} from '@sigil/api-spec';
import InlineCode from '../InlineCode';
import styles from './styles.module.css';

export interface BehaviorRule {
  id: string;
  sentence: string;
  codes: readonly number[];
  /** The catalog file, from the repository root. */
  source: string;
  /** The line of the rule's `id` in `source`. */
  line: number;
}

const CODE_NAMES = new Map<number, string>(ERROR_CODES.map((entry) => [entry.code, entry.name]));

/**
 * Every behavior rule of the catalog (packages/api-spec/rules, bundled as behavior-rules.json), each under a
 * heading whose anchor is the rule's id, so pages cite a rule as /reference/behavior-rules#<id>.
 */
export default function BehaviorRules({rules = catalog.rules}: {rules?: readonly BehaviorRule[]}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const repositoryUrl = String(siteConfig.customFields?.repositoryUrl ?? '');
  return (
    <div className={styles.rules}>
      {rules.map((rule) => (
        <section key={rule.id} className={styles.rule} data-rule-id={rule.id}>
          <Heading as="h3" id={rule.id} className={styles.id}>
            <code>{rule.id}</code>
          </Heading>
          <p className={styles.sentence}>
            <InlineCode text={rule.sentence} />
          </p>
          <p className={styles.meta}>
            {rule.codes.length > 0 && (
              <>
                Codes:{' '}
                {rule.codes.map((code, i) => (
                  <span key={code}>
                    {i > 0 && ', '}
                    <code>{code}</code> <code>{CODE_NAMES.get(code) ?? 'UNKNOWN'}</code>
                  </span>
                ))}
                {' · '}
              </>
            )}
            <a href={`${repositoryUrl}/blob/main/${rule.source}#L${rule.line}`}>Scenario: {rule.source.split('/').pop()}, line {rule.line}</a>
          </p>
        </section>
      ))}
    </div>
  );
}
