import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const REPLACEMENT = path.join(__dirname, 'useWindowSize.ts');
/** theme-common's own folder: its index and its mobile-sidebar context import the hook relatively. */
const THEME_COMMON = /[\\/]@docusaurus[\\/]theme-common[\\/]lib([\\/]|$)/;

interface Resource {
  request: string;
  context: string;
}

/** Whether a module request is theme-common's import of its `useWindowSize` hook. */
export function isThemeWindowSize(resource: Resource): boolean {
  return /^\.\.?\/(?:hooks\/)?useWindowSize(?:\.js)?$/.test(resource.request) && THEME_COMMON.test(resource.context);
}

/**
 * Gives the theme a `useWindowSize` whose first answer after hydration comes
 * as a transition (useWindowSize.ts says why). Server and browser builds get
 * the same module, so the first render on both sides is unchanged.
 */
export default function windowSize(): Plugin {
  return {
    name: 'sigil-window-size',
    configureWebpack(_config, _isServer, {currentBundler}) {
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(/useWindowSize(\.js)?$/, (resource: Resource) => {
            if (isThemeWindowSize(resource)) resource.request = REPLACEMENT;
          }),
        ],
      };
    },
  };
}
