import type {ReactNode} from 'react';
import type {SandboxControls} from '../hooks/useSandbox';
import shared from '../styles.module.css';
import styles from './styles.module.css';

/** get_activity reads a new sandbox activity answers PENDING when the reader asks to watch polling. */
export const SANDBOX_PENDING_READS = 2;

interface Props {
  id: string;
  controls: SandboxControls;
  /** Called before the sandbox resets: its answers stop being current. */
  onReset: () => void;
  ownKey: boolean;
  onOwnKeyChange: (ownKey: boolean) => void;
}

/** The sandbox's organization and root key, and what the reader may change about it (reset, keep, pending activities). */
export default function SandboxPanel({id, controls, onReset, ownKey, onOwnKeyChange}: Props): ReactNode {
  const {sandbox} = controls;
  return (
    <section className={shared.fieldset} aria-labelledby={`${id}-sandbox-title`} data-testid="sandbox">
      <p className={styles.sandboxTitle} id={`${id}-sandbox-title`}>
        Sandbox
      </p>
      <p className={shared.help}>
        A Sigil emulator running in this tab: requests go to it, not over the network. It starts with an
        organization and a root user whose API key signs your requests.
      </p>
      <div aria-live="polite">
        {sandbox.state === 'starting' && <p role="status">Starting the sandbox…</p>}
        {sandbox.state === 'failed' && <p className={shared.problemText}>The sandbox could not start: {sandbox.message}</p>}
      </div>
      {sandbox.state === 'ready' && (
        <dl className={styles.facts}>
          <dt>Organization ID</dt>
          <dd>
            <code data-testid="sandbox-organization">{sandbox.info.organizationId}</code>
          </dd>
          <dt>Root user ID</dt>
          <dd>
            <code>{sandbox.info.userId}</code>
          </dd>
          <dt>API public key</dt>
          <dd>
            <code data-testid="sandbox-public-key">{sandbox.info.apiPublicKey}</code>
          </dd>
          <dt>API private key</dt>
          <dd>
            <code>{sandbox.info.apiPrivateKey}</code>
          </dd>
        </dl>
      )}
      <p className={shared.help}>
        {sandbox.state === 'ready' && sandbox.info.kept
          ? 'This key was generated in your browser for the sandbox only. It is kept in this browser, with everything you created, until you reset the sandbox or stop keeping it; no real Sigil organization knows it.'
          : 'This key was generated in your browser for the sandbox only. It lives in this tab and is gone when you close it or reset the sandbox; no real Sigil organization knows it.'}
      </p>
      <div className={shared.actions}>
        <button
          type="button"
          className="button button--secondary button--sm"
          disabled={sandbox.state === 'starting'}
          onClick={() => {
            onReset();
            controls.reset();
          }}>
          Reset the sandbox
        </button>
      </div>
      <label className={shared.choice}>
        <input
          type="checkbox"
          checked={sandbox.state === 'ready' && sandbox.info.kept}
          disabled={sandbox.state !== 'ready'}
          aria-describedby={`${id}-keep-help`}
          onChange={(event) => controls.keep(event.target.checked)}
        />
        Keep the sandbox in this browser
      </label>
      <p className={shared.help} id={`${id}-keep-help`}>
        Off by default. When on, the sandbox&apos;s keys, wallets and everything else in it are stored unencrypted in
        this browser&apos;s IndexedDB and come back on your next visit. Turning it off or resetting the sandbox deletes
        them.
      </p>
      {/* Always in the page, so screen readers announce the confirmation when it appears. */}
      <p className={shared.help} role="status" data-testid="sandbox-kept-status">
        {sandbox.state === 'ready' && sandbox.kept === 'saved' && 'Saved: the sandbox is kept in this browser.'}
        {sandbox.state === 'ready' && sandbox.kept === 'deleted' && 'Deleted: nothing of the sandbox is kept in this browser.'}
      </p>
      <label className={shared.choice}>
        <input
          type="checkbox"
          checked={sandbox.state === 'ready' && sandbox.info.pendingPolls > 0}
          disabled={sandbox.state !== 'ready'}
          aria-describedby={`${id}-pending-help`}
          onChange={(event) => controls.setPending(event.target.checked ? SANDBOX_PENDING_READS : 0)}
        />
        Keep new activities pending for a while
      </label>
      <p className={shared.help} id={`${id}-pending-help`}>
        A real activity can wait as <code>ACTIVITY_STATUS_PENDING</code> before it runs. When this is on, each new
        activity answers pending to its first {SANDBOX_PENDING_READS} <code>get_activity</code> reads, and you can
        watch the builder poll it until it settles.
      </p>
      {sandbox.state === 'ready' && sandbox.keepProblem && (
        <p className={shared.problemText} role="alert">
          {sandbox.keepProblem}
        </p>
      )}
      <label className={shared.choice}>
        <input type="checkbox" checked={ownKey} onChange={(event) => onOwnKeyChange(event.target.checked)} />
        Sign with another key (of a user you created in the sandbox)
      </label>
    </section>
  );
}
