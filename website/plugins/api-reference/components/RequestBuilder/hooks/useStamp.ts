import {useEffect, useRef, useState, type RefObject} from 'react';
import {ApiKeyStamper, publicKeyFromPrivateKey, type ApiKeyCurve} from '@sigil/api-key-stamper';

export interface SigningKey {
  /** Empty: derived from the private key. */
  publicKey: string;
  /** The sandbox's private key when it signs; undefined to read the reader's key field. */
  sandboxPrivateKey: string | undefined;
  privateKeyInput: RefObject<HTMLInputElement | null>;
  privateKeyRevision: number;
  curve: ApiKeyCurve;
}

export interface Stamping {
  stamp?: string;
  keyError?: string;
  /** The stamper that made `stamp`: polling signs its get_activity reads with the same key. */
  stamper: RefObject<ApiKeyStamper | undefined>;
}

/** Signs the exact body whenever it or the key changes; nothing when either is missing. */
export function useStamp(exact: string | undefined, key: SigningKey): Stamping {
  const [stamp, setStamp] = useState<string>();
  const [keyError, setKeyError] = useState<string>();
  const stamper = useRef<ApiKeyStamper>(undefined);
  const {publicKey, sandboxPrivateKey, privateKeyInput, privateKeyRevision, curve} = key;
  useEffect(() => {
    setStamp(undefined);
    setKeyError(undefined);
    stamper.current = undefined;
    const secret = (sandboxPrivateKey ?? privateKeyInput.current?.value ?? '').trim();
    if (exact === undefined || secret === '') return undefined;
    let live = true;
    (async () => {
      const apiPublicKey = publicKey.trim() || publicKeyFromPrivateKey(secret, curve);
      const signer = new ApiKeyStamper({apiPublicKey, apiPrivateKey: secret, curve});
      const {stampHeaderValue} = await signer.stamp(exact);
      if (!live) return;
      stamper.current = signer;
      setStamp(stampHeaderValue);
    })().catch((error: unknown) => {
      if (live) setKeyError((error as Error).message);
    });
    return () => {
      live = false;
    };
  }, [exact, publicKey, sandboxPrivateKey, curve, privateKeyRevision, privateKeyInput]);
  return {stamp, keyError, stamper};
}
