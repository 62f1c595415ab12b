import type {ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {markdownPathFor} from '@site/plugins/markdown-twins/urls';
import AskAiButton, {useChatbotProjectId} from '../AskAi';
import CopyPageMenu from '../CopyPageMenu';
import styles from './styles.module.css';

/**
 * The reader tools at the top of a docs page: "Ask AI" when a chatbot is
 * configured, and the "Copy page" menu. Left out of the page's Markdown twin.
 */
export default function PageActions(): ReactNode {
  const {pathname} = useLocation();
  const projectId = useChatbotProjectId();
  return (
    <div className={styles.actions} data-md-omit="" data-pagefind-ignore="all">
      {projectId && <AskAiButton projectId={projectId} />}
      <CopyPageMenu markdownUrl={markdownPathFor(pathname)} forAssistant={!projectId} />
    </div>
  );
}
