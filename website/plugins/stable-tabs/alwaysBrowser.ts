/**
 * `useIsBrowser` as the theme's Tabs sees it (index.ts): the same answer on
 * the server and in the browser, so the key Tabs derives from it never
 * changes and nothing is remounted after hydration.
 */
export default function useIsBrowser(): boolean {
  return true;
}
