import type {ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Layout from '@theme/Layout';

function Thrower(): ReactNode {
  // Throws on every browser render (not during static generation): the e2e
  // suite checks the crash screen and its error chain.
  if (!useIsBrowser()) return null;
  throw new Error('Fixture render failure', {cause: new Error('Fixture root cause')});
}

export default function CrashPage(): ReactNode {
  return (
    <Layout title="Crash fixture">
      <Thrower />
    </Layout>
  );
}
