import type {ChatbotAdapter, ChatbotCspSources, ChatbotWidgetOptions} from '../types';

/** The provider's widget bundle: requested only after a reader presses "Ask AI" on a site that configured a project. */
export const KAPA_WIDGET_URL = 'https://widget.kapa.ai/kapa-widget.bundle.js';

/**
 * What the Content Security Policy must allow once a project is configured
 * (the provider's CSP guide lists these; check it when enabling the chatbot).
 */
export const kapaCspSources: ChatbotCspSources = {
  scriptSrc: ['https://widget.kapa.ai', 'https://www.google.com', 'https://www.gstatic.com'],
  connectSrc: ['https://proxy.kapa.ai'],
  frameSrc: ['https://www.google.com'],
};

interface KapaGlobal {
  open?: (options?: {mode?: 'ai' | 'search'}) => void;
}

declare global {
  interface Window {
    Kapa?: KapaGlobal | ((command: string, ...args: unknown[]) => void);
  }
}

let loading: Promise<void> | undefined;

function injectScript(projectId: string, options: ChatbotWidgetOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = KAPA_WIDGET_URL;
    script.async = true;
    script.dataset.websiteId = projectId;
    script.dataset.projectName = options.projectName;
    script.dataset.projectColor = options.color;
    script.dataset.projectLogo = options.logoUrl;
    // The site's own "Ask AI" button opens the window; the provider's floating button would duplicate it.
    script.dataset.buttonHide = 'true';
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error('The assistant could not be loaded.'));
    });
    document.head.appendChild(script);
  });
}

/** The kapa.ai website widget: one script tag configured by data attributes, opened through `window.Kapa`. */
export function createKapaAdapter(options: ChatbotWidgetOptions): ChatbotAdapter {
  return {
    load(projectId) {
      // One script per page, however many times the button is pressed.
      loading ??= injectScript(projectId, options).catch((error: unknown) => {
        loading = undefined; // let the next press try again
        throw error;
      });
      return loading;
    },
    open() {
      const kapa = window.Kapa;
      if (typeof kapa === 'function') kapa('open');
      else kapa?.open?.({mode: 'ai'});
    },
  };
}
