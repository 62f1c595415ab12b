import {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {ChatbotAdapter, ChatbotSettings, ChatbotWidgetOptions} from './types';
import toolbar from '../PageActions/toolbar.module.css';

/** Provider adapters, each its own chunk: nothing of a provider is fetched before the reader presses the button. */
const adapters: Record<ChatbotSettings['provider'], () => Promise<(options: ChatbotWidgetOptions) => ChatbotAdapter>> = {
  kapa: () => import('./adapters/kapa').then((m) => m.createKapaAdapter),
};

/** The URL parameter an end-to-end fixtures build accepts in place of a configured project id. */
export const TEST_PROJECT_PARAM = 'chatbot-test-project';

export function useChatbotSettings(): ChatbotSettings | undefined {
  const {siteConfig} = useDocusaurusContext();
  return siteConfig.customFields?.chatbot as ChatbotSettings | undefined;
}

/** The configured project id; in a fixtures build, also one given on the URL (after hydration). */
export function useChatbotProjectId(): string | undefined {
  const settings = useChatbotSettings();
  const [override, setOverride] = useState<string>();
  useEffect(() => {
    if (!settings?.testOverride) return;
    setOverride(new URLSearchParams(window.location.search).get(TEST_PROJECT_PARAM)?.trim() || undefined);
  }, [settings?.testOverride]);
  return settings?.projectId ?? override;
}

/** "Ask AI": loads the provider's widget on the first press, then opens it. */
export default function AskAiButton({projectId}: {projectId: string}): ReactNode {
  const settings = useChatbotSettings();
  const logoUrl = useBaseUrl('/img/logo.svg', {absolute: true});
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');

  const onClick = async (): Promise<void> => {
    if (!settings) return;
    setState('loading');
    try {
      const create = await adapters[settings.provider]();
      const adapter = create({projectName: settings.projectName, color: settings.color, logoUrl});
      await adapter.load(projectId);
      adapter.open();
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <>
      <button
        type="button"
        className={clsx(toolbar.button, toolbar.primary)}
        aria-busy={state === 'loading'}
        onClick={() => void onClick()}>
        {state === 'loading' ? 'Loading the assistant…' : 'Ask AI'}
      </button>
      <span className={toolbar.srOnly} role="status">
        {state === 'failed' ? 'The assistant could not be loaded. Check your connection and press Ask AI again.' : ''}
      </span>
    </>
  );
}
