import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';

/** Interim API home until the generated reference replaces it. */
export default function ApiHome(): ReactNode {
  return (
    <Layout title="API reference" description="The Sigil API: queries and submissions over POST and JSON, signed with stamps.">
      <main className="container margin-vert--lg">
        <Heading as="h1">API reference</Heading>
        <p>
          Every Sigil call is a <code>POST</code> with a JSON body. Reads go to{' '}
          <code>/public/v1/query/&#123;name&#125;</code>; changes go to{' '}
          <code>/public/v1/submit/&#123;name&#125;</code> and return an activity.
        </p>
      </main>
    </Layout>
  );
}
