/**
 * The "Ask AI" chatbot (spec §1), opt-in. Set SIGIL_CHATBOT_PROJECT_ID to the
 * provider's project (website) id to show an "Ask AI" button on docs pages; the
 * provider's widget then loads when a reader presses it, and not before. Unset,
 * the site offers "Copy page for your AI assistant" instead and loads nothing
 * from any other host.
 *
 *   SIGIL_CHATBOT_PROJECT_ID   the provider's project id (unset: no chatbot)
 *
 * The provider is behind one adapter (src/components/AskAi/adapters/), so
 * switching provider means adding an adapter and changing `provider` here.
 */
import {brand} from './brand';
import {kapaCspSources} from './src/components/AskAi/adapters/kapa';
import type {ChatbotCspSources, ChatbotSettings} from './src/components/AskAi/types';

const projectId = process.env.SIGIL_CHATBOT_PROJECT_ID?.trim() || undefined;

/** Passed to the browser as `customFields.chatbot`. */
export const chatbotSettings: ChatbotSettings = {
  provider: 'kapa',
  ...(projectId ? {projectId} : {}),
  projectName: `${brand.name} docs`,
  color: '#3b3fd8',
  // Only the end-to-end fixtures build may simulate a configured project (see ChatbotSettings.testOverride).
  ...(process.env.SIGIL_TEST_FIXTURES === '1' ? {testOverride: true} : {}),
};

const none: ChatbotCspSources = {scriptSrc: [], connectSrc: [], frameSrc: []};

/**
 * Hosts the Content Security Policy must allow for the chatbot: the
 * provider's when a project id is set, none otherwise (for the
 * security-headers plugin).
 */
export const chatbotCspSources: ChatbotCspSources = projectId ? kapaCspSources : none;
