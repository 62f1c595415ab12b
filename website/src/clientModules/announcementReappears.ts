import {createStorageSlot} from '@docusaurus/theme-common';
import siteConfig from '@generated/docusaurus.config';

/**
 * Docusaurus hides a dismissed announcement before hydration with an inline
 * script that reads only the "dismissed" flag, not the announcement id, so a
 * new announcement stays hidden by CSS for a reader who closed an older one.
 * Clearing the attribute when the id changed lets the new one show, as the
 * theme's own React state already intends.
 */
const bar = (siteConfig.themeConfig as {announcementBar?: {id: string}}).announcementBar;
if (typeof document !== 'undefined' && bar) {
  const seenId = createStorageSlot('docusaurus.announcement.id').get();
  if (seenId !== null && seenId !== bar.id) {
    document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'false');
  }
}

export {};
