/**
 * The chatbot ("Ask AI") settings the site passes to the browser as
 * `customFields.chatbot` (see `website/chatbot.config.ts`).
 */
export interface ChatbotSettings {
  /** Which adapter in `adapters/` talks to the provider. */
  provider: 'kapa';
  /** The provider's project (website) id. Unset: no chatbot, nothing loads from the provider. */
  projectId?: string;
  /** Shown in the provider's window. */
  projectName: string;
  /** Accent colour of the provider's window (hex). */
  color: string;
  /**
   * End-to-end test builds only (SIGIL_TEST_FIXTURES=1): lets a page URL carry
   * `?chatbot-test-project=ID` to act as if a project id were configured, so one
   * build can test both the unset and the configured chatbot.
   */
  testOverride?: boolean;
}

/** Everything the "Ask AI" button needs from a provider. */
export interface ChatbotAdapter {
  /** Adds the provider's widget to the page (once) and resolves when it can open. */
  load(projectId: string): Promise<void>;
  /** Opens the provider's chat window. */
  open(): void;
}

/** How the provider's window presents the site. */
export interface ChatbotWidgetOptions {
  projectName: string;
  color: string;
  /** Absolute URL of the logo shown in the window. */
  logoUrl: string;
}

/** Hosts a configured provider needs in the Content Security Policy. */
export interface ChatbotCspSources {
  scriptSrc: string[];
  connectSrc: string[];
  frameSrc: string[];
}
