import {useCallback, useEffect, useState, type ReactNode} from 'react';
import {useColorMode} from '@docusaurus/theme-common';
import {SigilAuth, SigilExport, SigilImport, SigilKitProvider, type SigilKitServer} from '@sigil/embedded-wallet-kit';
import '@sigil/embedded-wallet-kit/styles.css';
import {sandboxInfo, sendToSandbox} from '@site/src/sandbox/client';
import {demoBackend, enableSignInMethods} from './backend';
import styles from './styles.module.css';

// The kit calls the Sigil API with fetch; calls to this made-up host go to the sandbox worker instead of the network.
const SANDBOX_BASE_URL = 'https://sandbox.sigil.invalid';

interface OutboxMessage {
  id: string;
  to: string;
  subject?: string;
  credentialBundle?: string;
  otpCode?: string;
}

/**
 * Sends fetch calls to SANDBOX_BASE_URL to the sandbox while the demo is open; every other call is untouched.
 * `afterCall` runs after each, so the outbox shows an email as soon as the call that sent it returns.
 */
function useSandboxFetch(afterCall: () => void): void {
  useEffect(() => {
    const original = window.fetch;
    const routed: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (!request.url.startsWith(`${SANDBOX_BASE_URL}/`)) return original(input, init);
      const url = new URL(request.url);
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      const answer = await sendToSandbox({method: request.method, path: url.pathname + url.search, headers, body: await request.text()});
      afterCall();
      return new Response(answer.body, {status: answer.status, headers: answer.headers});
    };
    window.fetch = routed;
    return () => {
      if (window.fetch === routed) window.fetch = original;
    };
  }, [afterCall]);
}

async function readOutbox(): Promise<OutboxMessage[]> {
  const answer = await sendToSandbox({method: 'GET', path: '/emulator/v1/outbox', headers: {}, body: ''});
  return (JSON.parse(answer.body) as {messages: OutboxMessage[]}).messages;
}

function Outbox({messages, onRefresh}: {messages: OutboxMessage[]; onRefresh: () => void}): ReactNode {
  return (
    <section className={styles.outbox} aria-labelledby="kit-demo-outbox">
      <h3 id="kit-demo-outbox">Sandbox outbox</h3>
      <p>The emails the sandbox would have sent. Copy a code into the kit.</p>
      <button type="button" className="button button--secondary button--sm" onClick={onRefresh}>
        Refresh the outbox
      </button>
      {messages.length === 0 ? (
        <p>No email yet.</p>
      ) : (
        <ol>
          {messages.map((message) => (
            <li key={message.id}>
              <strong>{message.subject ?? 'Message'}</strong> to {message.to}
              {message.credentialBundle && (
                <code className={styles.code} aria-label={`Code for ${message.to}`}>
                  {message.credentialBundle}
                </code>
              )}
              {message.otpCode && <code aria-label={`One-time code for ${message.to}`}>{message.otpCode}</code>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

interface SignedIn {
  organizationId: string;
  userId: string;
  walletId: string | undefined;
}

export default function Demo(): ReactNode {
  const {colorMode} = useColorMode();
  const [server, setServer] = useState<SigilKitServer | undefined>(undefined);
  const [enclaveKey, setEnclaveKey] = useState('');
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [user, setUser] = useState<SignedIn | undefined>(undefined);
  const [messages, setMessages] = useState<OutboxMessage[]>([]);
  const refresh = useCallback(() => {
    readOutbox().then(setMessages, (error: Error) => setFailure(error.message));
  }, []);
  useSandboxFetch(refresh);

  useEffect(() => {
    let live = true;
    (async () => {
      const info = await sandboxInfo();
      const key = {baseUrl: SANDBOX_BASE_URL, organizationId: info.organizationId, apiPublicKey: info.apiPublicKey, apiPrivateKey: info.apiPrivateKey};
      await enableSignInMethods(key);
      const quorum = await sendToSandbox({method: 'GET', path: '/emulator/v1/enclave-quorum', headers: {}, body: ''});
      const keys = (JSON.parse(quorum.body) as {keys: {publicKey: string}[]}).keys;
      if (!live) return;
      setEnclaveKey(keys[0]!.publicKey);
      setServer(demoBackend(key));
    })().catch((error: Error) => setFailure(`The sandbox did not start: ${error.message}`));
    return () => {
      live = false;
    };
  }, []);

  if (failure) return <p role="alert">{failure}</p>;
  if (!server) return <p role="status">Starting the sandbox…</p>;
  return (
    <SigilKitProvider rpId={window.location.hostname} appName="Sigil docs demo" server={server} baseUrl={SANDBOX_BASE_URL} theme={colorMode}>
      <div className={styles.columns}>
        <div>
          <SigilAuth
            methods={['passkey', 'email']}
            onSuccess={({client, organizationId, userId}) => {
              void client.listWallets({}).then(({wallets}) => setUser({organizationId, userId, walletId: wallets[0]?.walletId}));
            }}
          />
          {user?.walletId && <SigilExport walletId={user.walletId} />}
          {user && (
            <SigilImport
              userId={user.userId}
              walletName={`Imported ${new Date().toISOString()}`}
              enclaveQuorumPublicKeys={[enclaveKey]}
              accounts={[{curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM'}]}
            />
          )}
        </div>
        <Outbox messages={messages} onRefresh={refresh} />
      </div>
    </SigilKitProvider>
  );
}
