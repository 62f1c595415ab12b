import type {ReactNode} from 'react';
import Loadable from 'react-loadable';
import Layout from '@theme/Layout';
import Loading from '@theme/Loading';

// The same loader Docusaurus wraps every route in: animation after its
// default 200 ms delay, and the error with a Retry button on failure.
const LazyWidget = Loadable({
  loader: () => import('./LazyWidget'),
  loading: Loading,
});

export default function LazyPage(): ReactNode {
  return (
    <Layout title="Lazy fixture">
      <main className="container margin-vert--lg">
        <LazyWidget />
      </main>
    </Layout>
  );
}
