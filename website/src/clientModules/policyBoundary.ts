import type {ClientModule} from '@docusaurus/types';
import {SCOPE_META_NAME, needsFullLoad} from '../../plugins/security-headers/scopes';
import {policyScopes} from '../policyScopes';

/**
 * A page keeps the Content Security Policy of the document it was loaded as:
 * client-side navigation swaps the content, never the policy meta tag. So a
 * reader who arrived on the home page would find Send blocked on an API page,
 * and one who arrived on an API page would carry its open `connect-src` across
 * the site. When a navigation crosses the edge of a policy scope, this loads
 * the new page in full (the router has already put its URL in the address bar
 * and history, so a reload is that page). Navigation within a scope stays
 * client-side.
 */
const prefixes = policyScopes.map((scope) => scope.pathPrefix);

function documentScope(): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${SCOPE_META_NAME}"]`)?.content;
}

const policyBoundary: ClientModule = {
  onRouteUpdate({location, previousLocation}) {
    if (!previousLocation || location.pathname === previousLocation.pathname) return;
    if (needsFullLoad(documentScope(), location.pathname, prefixes)) window.location.reload();
  },
};

export default policyBoundary;
