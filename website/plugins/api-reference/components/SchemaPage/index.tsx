import type {TOCItem} from '@docusaurus/mdx-loader';
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import Heading from '@theme/Heading';
import CodeBlock from '@theme/CodeBlock';
import {plainText} from '../../richtext';
import {pageOf} from '../../schema-pages';
import type {EnumValue, SchemaPageGroup, SidebarData, SchemaPageData} from '../../types';
import ApiLayout from '../ApiLayout';
import FieldTable from '../FieldTable';
import Rich from '../Rich';
import TypeLabel from '../TypeLabel';
import styles from './styles.module.css';
import {BreakableCode} from '@site/src/components/Breakable';

function ValueRow({value}: {value: EnumValue}): ReactNode {
  const anchor = `value-${value.value}`;
  useBrokenLinks().collectAnchor(anchor);
  return (
    <tr id={anchor} className={styles.valueRow}>
      <th scope="row">
        <a href={`#${anchor}`}>
          <BreakableCode text={value.value} />
        </a>
      </th>
      <td>
        <Rich text={value.description} />
      </td>
    </tr>
  );
}

export default function SchemaPage({data: group, sidebar}: {data: SchemaPageGroup; sidebar: SidebarData}): ReactNode {
  const data = pageOf(group, useLocation().pathname);
  const summary = data.description ? plainText(data.description).split('. ')[0] ?? '' : '';
  return (
    <ApiLayout
      title={`${data.name} schema`}
      description={summary || `The ${data.name} schema of the Sigil API.`}
      sidebar={sidebar}
      route={data.route}
      toc={schemaToc(data)}
      source={data.source}>
      <header>
        <p className={styles.eyebrow}>
          <span data-pagefind-ignore="all">
            <Link to="/api/">API reference</Link> / <Link to="/api/schemas/">Schemas</Link> / {data.category}
          </span>
        </p>
        <Heading as="h1" id={data.name}>
          {data.name}
        </Heading>
      </header>
      <dl className={styles.facts}>
        <dt>Type</dt>
        <dd>
          <TypeLabel type={data.type} />
          {data.enumValues ? ` enumeration (${data.enumValues.length} values)` : ''}
        </dd>
        {data.constraints && (
          <>
            <dt>Constraints</dt>
            <dd>{data.constraints.join('; ')}</dd>
          </>
        )}
        {data.default !== undefined && (
          <>
            <dt>Default</dt>
            <dd>
              <code>{data.default}</code>
            </dd>
          </>
        )}
        {data.deprecated && (
          <>
            <dt>Status</dt>
            <dd>Deprecated</dd>
          </>
        )}
      </dl>
      {data.description && (
        <div className={styles.description}>
          <Rich text={data.description} />
        </div>
      )}
      {data.noEndpointActivityType && (
        <p>
          No public endpoint submits this intent; it appears in activities of type <code>{data.noEndpointActivityType}</code>.
        </p>
      )}

      {data.fields && (
        <>
          <Heading as="h2" id="fields">
            Fields
          </Heading>
          {/* Its rows hydrate in tasks of their own after the page's first hydration (plugins/staged-hydration). */}
          <FieldTable fields={data.fields} label={`Fields of ${data.name}`} region={`api-schema-fields-${data.name}`} />
        </>
      )}

      {data.enumValues && (
        <>
          <Heading as="h2" id="values">
            Values
          </Heading>
          <div className={styles.scroll}>
            <table className={styles.values} aria-label={`Values of ${data.name}`}>
              <thead>
                <tr>
                  <th scope="col">Value</th>
                  <th scope="col">Meaning</th>
                </tr>
              </thead>
              <tbody>
                {data.enumValues.map((value) => (
                  <ValueRow key={value.value} value={value} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      {data.example && (
        <>
          <Heading as="h2" id="example">
            Example
          </Heading>
          {data.exampleGenerated && (
            <p>Generated from the schema: no example in the API description contains this schema.</p>
          )}
          <CodeBlock language="json" tokens={data.exampleTokens}>
            {data.example}
          </CodeBlock>
        </>
      )}

      <Heading as="h2" id="used-by">
        Used by
      </Heading>
      {data.usedByAllAsError && <p>Every operation answers with this body when a call fails.</p>}
      {data.usedBy.length > 0 ? (
        <ul className={styles.list}>
          {data.usedBy.map((op) => (
            <li key={op.operationId}>
              <Link to={op.route}>{op.summary}</Link> <code>{op.name}</code>
            </li>
          ))}
        </ul>
      ) : (
        !data.usedByAllAsError && <p>No operation's request or answer contains this schema.</p>
      )}

      {data.referencedBy.length > 0 && (
        <>
          <Heading as="h2" id="referenced-by">
            Referenced by
          </Heading>
          <ul className={styles.list}>
            {data.referencedBy.map((schema) => (
              <li key={schema.name}>
                <Link to={schema.route}>{schema.name}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </ApiLayout>
  );
}

/** The on-page contents: the sections this schema's page has. */
function schemaToc(data: SchemaPageData): TOCItem[] {
  const sections: [boolean, string, string][] = [
    [Boolean(data.fields), 'fields', 'Fields'],
    [Boolean(data.enumValues), 'values', 'Values'],
    [Boolean(data.example), 'example', 'Example'],
    [true, 'used-by', 'Used by'],
    [data.referencedBy.length > 0, 'referenced-by', 'Referenced by'],
  ];
  return sections.filter(([shown]) => shown).map(([, id, value]) => ({id, value, level: 2}));
}
