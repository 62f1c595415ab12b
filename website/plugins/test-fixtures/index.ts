import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Routes that exist only in the end-to-end build (SIGIL_TEST_FIXTURES=1):
 * behaviors of the framework that no real page triggers on demand, such as
 * a render crash or a lazily loaded module that fails.
 */
export default function testFixtures(): Plugin {
  return {
    name: 'sigil-test-fixtures',
    async contentLoaded({actions}) {
      actions.addRoute({
        path: '/__tests__/crash',
        component: path.join(__dirname, 'CrashPage.tsx'),
        exact: true,
      });
      actions.addRoute({
        path: '/__tests__/lazy',
        component: path.join(__dirname, 'LazyPage.tsx'),
        exact: true,
      });
    },
  };
}
