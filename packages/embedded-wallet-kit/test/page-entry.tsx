// Test-only: the app the browser tests drive. It mounts the kit as an integrator would: the provider, <SigilAuth>,
// then <SigilExport> for the user's wallet and <SigilImport>, and records every callback in `window.kitEvents`.
import type { SigilClient } from '@sigil/sdk-browser';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { SigilAuth, SigilExport, SigilImport, SigilKitProvider, type SigilKitServer, type SigilKitTheme } from '../src/index.js';
import { testBackend } from './test-backend.js';

export interface MountOptions {
  baseUrl: string;
  organizationId: string;
  apiPublicKey: string;
  apiPrivateKey: string;
  rpId: string;
  theme: SigilKitTheme;
  enclaveQuorumPublicKey: string;
  /** Replace server functions, e.g. with a failing backend. */
  failing?: (keyof SigilKitServer)[];
}

interface KitEvent {
  type: string;
  [key: string]: unknown;
}

declare global {
  interface Window {
    kitEvents: KitEvent[];
    /** The signed-in client the kit handed to onSuccess, for the test to act as the user. */
    kitClient?: SigilClient;
  }
}

function record(event: KitEvent): void {
  window.kitEvents.push(event);
}

function App({ options }: { options: MountOptions }) {
  const [user, setUser] = useState<{ organizationId: string; userId: string; walletId: string } | undefined>(undefined);
  const server = testBackend(options);
  for (const name of options.failing ?? []) {
    server[name] = (async () => {
      throw new Error('503 Service Unavailable');
    }) as never;
  }
  return (
    <SigilKitProvider rpId={options.rpId} appName="Kit Test" server={server} baseUrl={options.baseUrl} theme={options.theme}>
      <main>
        <h1>Wallet</h1>
        <SigilAuth
          methods={['passkey', 'email', 'otp']}
          onSuccess={({ client, organizationId, userId }) => {
            window.kitClient = client;
            void client.listWallets({}).then(({ wallets }) => {
              const walletId = wallets[0]?.walletId ?? '';
              record({ type: 'success', organizationId, userId, walletId });
              setUser({ organizationId, userId, walletId });
            });
          }}
          onError={(error) => record({ type: 'error', name: error.name, message: error.message, reason: (error as { reason?: string }).reason })}
        />
        {user && (
          <>
            {user.walletId && <SigilExport walletId={user.walletId} onExported={() => record({ type: 'exported' })} />}
            <SigilImport
              userId={user.userId}
              walletName={`Imported ${Date.now()}`}
              enclaveQuorumPublicKeys={[options.enclaveQuorumPublicKey]}
              accounts={[
                { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
              ]}
              onImported={(result) => record({ type: 'imported', ...result })}
            />
          </>
        )}
      </main>
    </SigilKitProvider>
  );
}

let root: Root | undefined;

export function mount(options: MountOptions): void {
  window.kitEvents = [];
  root?.unmount();
  let container = document.getElementById('app');
  if (!container) {
    container = document.createElement('div');
    container.id = 'app';
    document.body.appendChild(container);
  }
  root = createRoot(container);
  root.render(<App options={options} />);
}
