// The script of both frame pages (sign-in and export). It answers the IframeStamper of exactly one
// parent origin, the one named in its URL, and keeps every secret (target key, credential, exported
// mnemonic or key) inside this origin: the page gets public keys, stamps and yes/no answers only.
import { ApiKeyStamper, publicKeyFromPrivateKey } from '@sigil/api-key-stamper';
import { CHANNEL, PARENT_ORIGIN_PARAM, isChannelMessage, type FrameAnswer, type RequestMessage } from '../src/protocol.js';
import { openBundle } from './open-bundle.js';
import { compressedPublicKey, deleteTargetKey, loadOrCreateTargetKey, loadTargetKey } from './target-key.js';
import { clearSecret, showSecret, showStatus } from './display.js';

const root = document.documentElement;
/** `auth` or `export`: each frame kind keeps its own target key. */
const frameKind = root.dataset.frame ?? 'auth';
let credential: ApiKeyStamper | undefined;
let refused = 0;

function parentOriginFromUrl(): string | undefined {
  const value = new URLSearchParams(window.location.search).get(PARENT_ORIGIN_PARAM);
  if (!value) return undefined;
  try {
    const origin = new URL(value).origin;
    return origin === value ? origin : undefined;
  } catch {
    return undefined;
  }
}

const hex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

async function answer(request: RequestMessage): Promise<FrameAnswer> {
  switch (request.type) {
    case 'init':
      return { ok: true, value: await compressedPublicKey(await loadOrCreateTargetKey(frameKind)) };
    case 'inject-credential-bundle': {
      const key = await loadTargetKey(frameKind);
      const plaintext = key && (await openBundle(request.bundle, key));
      if (!plaintext || plaintext.length !== 32) return { ok: true, value: false };
      try {
        const apiPrivateKey = hex(plaintext);
        credential = new ApiKeyStamper({ apiPrivateKey, apiPublicKey: publicKeyFromPrivateKey(apiPrivateKey) });
      } catch {
        return { ok: true, value: false };
      }
      return { ok: true, value: true };
    }
    case 'inject-export-bundle': {
      const key = await loadTargetKey(frameKind);
      const plaintext = key && (await openBundle(request.bundle, key));
      if (!plaintext) return { ok: true, value: false };
      // A 32-byte plaintext is a private key (export_wallet_account, export_private_key); anything
      // else is export_wallet's mnemonic, which is UTF-8 text far longer than 32 bytes.
      if (plaintext.length === 32) {
        showSecret({ kind: 'privateKey', value: hex(plaintext), organizationId: request.organizationId });
        return { ok: true, value: true };
      }
      let mnemonic: string;
      try {
        mnemonic = new TextDecoder('utf-8', { fatal: true }).decode(plaintext).trim();
      } catch {
        return { ok: true, value: false };
      }
      showSecret({ kind: 'mnemonic', value: mnemonic, organizationId: request.organizationId });
      return { ok: true, value: true };
    }
    case 'stamp':
      if (!credential) return { ok: false, reason: 'no-credential', message: 'No credential was injected in the frame: call injectCredentialBundle first' };
      return { ok: true, value: await credential.stamp(request.body) };
    case 'clear':
      credential = undefined;
      clearSecret();
      await deleteTargetKey(frameKind);
      return { ok: true, value: null };
  }
}

const parentOrigin = parentOriginFromUrl();
if (!parentOrigin || window.parent === window) {
  showStatus('This page only works inside an IframeStamper iframe, which names its parent origin in the URL.');
} else {
  window.addEventListener('message', (event: MessageEvent) => {
    if (!isChannelMessage(event.data)) return;
    // Requests count only from the embedding window, on the origin the frame was told; the rest are
    // counted (visible as data-refused-messages, for diagnosis) and never answered.
    if (event.source !== window.parent || event.origin !== parentOrigin) {
      refused += 1;
      root.dataset.refusedMessages = String(refused);
      return;
    }
    const request = event.data as unknown as RequestMessage;
    void answer(request).then(
      (result) => window.parent.postMessage({ ...result, channel: CHANNEL, id: request.id }, parentOrigin),
      (error: unknown) => showStatus(`The frame failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  });
  window.parent.postMessage({ channel: CHANNEL, type: 'ready' }, parentOrigin);
}
