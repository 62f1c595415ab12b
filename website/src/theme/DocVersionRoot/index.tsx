import {useMemo, type ReactNode} from 'react';
import DocVersionRoot from '@theme-original/DocVersionRoot';
import type DocVersionRootType from '@theme/DocVersionRoot';
import type {WrapperProps} from '@docusaurus/types';
import {addSidebars, loadedSidebars} from '@site/plugins/route-sections/sidebars';

type Props = WrapperProps<typeof DocVersionRootType>;

/**
 * In the browser the docs version data has no sidebars: each section of the
 * route table brings the sidebars its routes name (plugins/route-sections),
 * so a page loads its own sidebar only. This hands the theme's version root
 * the sidebars loaded so far in their place; the store grows in place as
 * sections load, before any render that needs them. On the server, the
 * version data is whole and fills the store with every sidebar. A wrapper,
 * not an ejected root: the root and the layouts under it stay the theme's.
 */
export default function DocVersionRootWrapper(props: Props): ReactNode {
  const {version} = props;
  const withLoaded = useMemo(() => {
    addSidebars(version.docsSidebars);
    return {...version, docsSidebars: loadedSidebars};
  }, [version]);
  return <DocVersionRoot {...props} version={withLoaded} />;
}
