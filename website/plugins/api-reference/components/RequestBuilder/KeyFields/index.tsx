import type {ReactNode} from 'react';
import {API_KEY_CURVES, TEST_VECTOR, generateApiKeyPair, type ApiKeyCurve} from '@sigil/api-key-stamper';
import {curveLabels} from '../curves';
import type {ApiKeyFields} from '../hooks/useApiKeyFields';
import shared from '../styles.module.css';

interface Props {
  id: string;
  keys: ApiKeyFields;
  /** Why the key could not sign, when it could not. */
  keyError?: string;
}

/** The reader's own API key: its curve, its two halves, the documentation's test key or a pair made in the page. */
export default function KeyFields({id, keys, keyError}: Props): ReactNode {
  const {curve, setCurve, publicKey, setPublicKey, setPrivateKey} = keys;
  return (
    <fieldset className={shared.fieldset}>
      <legend>API key (hex)</legend>
      <div className={shared.field}>
        <label htmlFor={`${id}-curve`}>Key type</label>
        <select
          id={`${id}-curve`}
          className={shared.input}
          value={curve}
          onChange={(event) => {
            // A key belongs to one curve: a new type starts with empty key fields.
            setCurve(event.target.value as ApiKeyCurve);
            setPublicKey('');
            setPrivateKey('');
          }}>
          {API_KEY_CURVES.map((option) => (
            <option key={option} value={option}>
              {curveLabels[option].name} ({option})
            </option>
          ))}
        </select>
      </div>
      <div className={shared.field}>
        <label htmlFor={`${id}-public`}>Public key ({curveLabels[curve].publicKey}; derived from the private key when empty)</label>
        <input
          id={`${id}-public`}
          className={shared.input}
          value={publicKey}
          onChange={(event) => setPublicKey(event.target.value)}
          spellCheck={false}
          autoComplete="off"
        />
      </div>
      <div className={shared.field}>
        <label htmlFor={`${id}-private`}>Private key (64 hex characters)</label>
        <input
          id={`${id}-private`}
          className={shared.input}
          type="password"
          ref={keys.privateKeyInput}
          onChange={keys.privateKeyTyped}
          spellCheck={false}
          autoComplete="off"
        />
      </div>
      <div className={shared.actions}>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => {
            // The documentation's test key is a P-256 key.
            setCurve('API_KEY_CURVE_P256');
            setPublicKey(TEST_VECTOR.publicKey);
            setPrivateKey(TEST_VECTOR.privateKey);
          }}>
          Use the documentation test key
        </button>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => {
            // Made in this page (the stamper's generator, on the chosen curve) and kept only in these fields.
            const pair = generateApiKeyPair(curve);
            setPublicKey(pair.publicKey);
            setPrivateKey(pair.privateKey);
          }}>
          Generate a new key pair
        </button>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => {
            setPublicKey('');
            setPrivateKey('');
          }}>
          Clear the key
        </button>
      </div>
      <p className={shared.help}>
        The test key is public, fake and P-256: Sigil rejects it. A generated pair is new, of the type chosen above;
        register its public key with <code>create_api_keys</code> (the same <code>curveType</code>) before you sign
        with it. Keys you paste or generate stay in this page&apos;s memory and are gone when you leave.
      </p>
      {keyError && (
        <p role="alert" className={shared.problemText}>
          {keyError}
        </p>
      )}
    </fieldset>
  );
}
