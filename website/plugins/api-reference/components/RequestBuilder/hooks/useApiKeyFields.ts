import {useRef, useState, type RefObject} from 'react';
import type {ApiKeyCurve} from '@sigil/api-key-stamper';

/** The key the reader pastes or generates: it lives only in this state and its field (no storage, no network). */
export interface ApiKeyFields {
  curve: ApiKeyCurve;
  setCurve: (curve: ApiKeyCurve) => void;
  publicKey: string;
  setPublicKey: (value: string) => void;
  /** The private key's (uncontrolled) field. */
  privateKeyInput: RefObject<HTMLInputElement | null>;
  /** Changes whenever the private key does: signing re-runs on it. */
  privateKeyRevision: number;
  /** Puts a value in the private key's field (a generated or test key, or '' to clear it). */
  setPrivateKey: (value: string) => void;
  /** Records that the reader typed in the private key's field. */
  privateKeyTyped: () => void;
}

export function useApiKeyFields(): ApiKeyFields {
  const [curve, setCurve] = useState<ApiKeyCurve>('API_KEY_CURVE_P256');
  const [publicKey, setPublicKey] = useState('');
  // The private key stays in its (uncontrolled) field and is read through a ref: a controlled field would have React
  // copy it into the input's `value` attribute, into the DOM. The revision re-runs the signing when it changes.
  const privateKeyInput = useRef<HTMLInputElement>(null);
  const [privateKeyRevision, setPrivateKeyRevision] = useState(0);
  return {
    curve,
    setCurve,
    publicKey,
    setPublicKey,
    privateKeyInput,
    privateKeyRevision,
    setPrivateKey: (value: string): void => {
      if (privateKeyInput.current) privateKeyInput.current.value = value;
      setPrivateKeyRevision((n) => n + 1);
    },
    privateKeyTyped: (): void => setPrivateKeyRevision((n) => n + 1),
  };
}
