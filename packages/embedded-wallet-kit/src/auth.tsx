import type { SigilClient, TargetKeyPair } from '@sigil/sdk-browser';
import { generateTargetKeyPair } from '@sigil/sdk-browser';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { SigilKitError } from './errors.js';
import {
  finishEmailSignIn,
  finishOauthSignIn,
  finishOtpSignIn,
  finishRecovery,
  signInWithPasskey,
  signUpWithPasskey,
  startEmailSignIn,
  startOtpSignIn,
  startRecovery,
} from './flows.js';
import { requestIdToken, type OauthProvider } from './oauth.js';
import { useSigilKit, type OtpType, type SigilKitSession } from './provider.js';
import { useAction } from './use-action.js';

/** A button that runs one sign-in step through the form's action runner (busy state and error shown by the form). */
function ActionButton(props: {
  secondary?: boolean;
  busy: boolean;
  run: (action: () => Promise<void>) => Promise<void>;
  action: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={props.secondary ? 'sigil-kit-button sigil-kit-secondary' : 'sigil-kit-button'}
      disabled={props.busy}
      onClick={() => void props.run(props.action)}
    >
      {props.children}
    </button>
  );
}

/** A sign-in method `<SigilAuth>` offers. */
export type AuthMethod = 'passkey' | 'email' | 'otp' | 'oauth';

/** Props of `<SigilAuth>`. */
export interface SigilAuthProps {
  /** Sign-in methods, in the order shown. Default `['passkey', 'email']`. */
  methods?: AuthMethod[];
  /** How one-time codes are delivered. Default `['OTP_TYPE_EMAIL']`. */
  otpTypes?: OtpType[];
  /** OpenID Connect providers. Default `[]`. */
  oauthProviders?: OauthProvider[];
  /** Lifetime of the session key, sent as `expirationSeconds`. Default 900. */
  sessionSeconds?: number;
  /** Offer sign-up when no sub-organization matches. Default true. */
  allowSignUp?: boolean;
  /** Offer email recovery when a passkey sign-in fails. Default true. */
  allowRecovery?: boolean;
  onSuccess?: (result: { client: SigilClient; organizationId: string; userId: string }) => void;
  onError?: (error: Error) => void;
}

type Step =
  | { kind: 'choose' }
  | { kind: 'email-code'; organizationId: string; target: TargetKeyPair }
  | { kind: 'otp-code'; organizationId: string; otpId: string; contact: string }
  | { kind: 'recovery-code'; organizationId: string; userId: string; target: TargetKeyPair }
  | { kind: 'done'; userId: string };

const METHODS: readonly AuthMethod[] = ['passkey', 'email', 'otp', 'oauth'];
const OTP_LABEL: Record<OtpType, string> = { OTP_TYPE_EMAIL: 'Email me a one-time code', OTP_TYPE_SMS: 'Text me a one-time code' };

/** Sign-up and sign-in with passkey, email, one-time code or OAuth; ends with a read-write session. */
export function SigilAuth({
  methods = ['passkey', 'email'],
  otpTypes = ['OTP_TYPE_EMAIL'],
  oauthProviders = [],
  sessionSeconds = 900,
  allowSignUp = true,
  allowRecovery = true,
  onSuccess,
  onError,
}: SigilAuthProps) {
  for (const method of methods) {
    if (!METHODS.includes(method)) throw new TypeError(`SigilAuth: unknown method ${JSON.stringify(method)}`);
  }
  if (!Number.isInteger(sessionSeconds) || sessionSeconds <= 0) {
    throw new TypeError(`SigilAuth: sessionSeconds must be a positive whole number (got ${sessionSeconds})`);
  }
  const kit = useSigilKit();
  const id = useId();
  const { busy, error, run } = useAction(onError);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [offerRecovery, setOfferRecovery] = useState(false);

  const succeed = (session: SigilKitSession): void => {
    kit.setSession(session);
    setCode('');
    setStep({ kind: 'done', userId: session.userId });
    onSuccess?.(session);
  };
  const submit = (action: () => Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    void run(action);
  };
  const back = (): void => {
    setCode('');
    setStep({ kind: 'choose' });
  };

  if (step.kind === 'done') {
    return (
      <section className="sigil-kit-card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="sigil-kit-title">Signed in</h2>
        <p className="sigil-kit-muted" role="status">You are signed in to {kit.appName}.</p>
      </section>
    );
  }

  const codeStep = step.kind === 'email-code' || step.kind === 'otp-code' || step.kind === 'recovery-code';
  const needsEmail = methods.includes('email') || (methods.includes('passkey') && (allowSignUp || allowRecovery)) || (methods.includes('otp') && otpTypes.includes('OTP_TYPE_EMAIL'));

  return (
    <section className="sigil-kit-card" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`} className="sigil-kit-title">Sign in to {kit.appName}</h2>
      {error && (
        <p className="sigil-kit-error" role="alert">
          {error}
        </p>
      )}

      {step.kind === 'choose' && (
        <>
          {needsEmail && (
            <div className="sigil-kit-field">
              <label htmlFor={`${id}-email`}>Email</label>
              <input
                id={`${id}-email`}
                type="email"
                autoComplete="email webauthn"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
          )}
          {methods.map((method) => {
            if (method === 'passkey') {
              return (
                <div key={method} className="sigil-kit-group">
                  <ActionButton busy={busy} run={run} action={async () => {
                    try {
                      succeed(await signInWithPasskey(kit, sessionSeconds));
                    } catch (failure) {
                      if (allowRecovery && kit.server.initUserEmailRecovery) setOfferRecovery(true);
                      throw failure;
                    }
                  }}>
                    Sign in with a passkey
                  </ActionButton>
                  {allowSignUp && (
                    <ActionButton secondary busy={busy} run={run} action={async () => succeed(await signUpWithPasskey(kit, email, sessionSeconds))}>
                      Create an account with a passkey
                    </ActionButton>
                  )}
                  {offerRecovery && (
                    <ActionButton secondary busy={busy} run={run} action={async () => {
                      const pending = await startRecovery(kit, email);
                      setStep({ kind: 'recovery-code', ...pending });
                    }}>
                      Recover my account by email
                    </ActionButton>
                  )}
                </div>
              );
            }
            if (method === 'email') {
              return (
                <div key={method} className="sigil-kit-group">
                  <ActionButton busy={busy} run={run} action={async () => {
                    const pending = await startEmailSignIn(kit, email);
                    setStep({ kind: 'email-code', ...pending });
                  }}>
                    Email me a sign-in code
                  </ActionButton>
                </div>
              );
            }
            if (method === 'otp') {
              return (
                <div key={method} className="sigil-kit-group">
                  {otpTypes.includes('OTP_TYPE_SMS') && (
                    <div className="sigil-kit-field">
                      <label htmlFor={`${id}-phone`}>Phone number</label>
                      <input
                        id={`${id}-phone`}
                        type="tel"
                        autoComplete="tel"
                        placeholder="+14155550100"
                        value={phone}
                        onChange={(event) => setPhone(event.target.value)}
                      />
                    </div>
                  )}
                  {otpTypes.map((otpType) => (
                    <ActionButton key={otpType} secondary busy={busy} run={run} action={async () => {
                      const contact = otpType === 'OTP_TYPE_SMS' ? phone : email;
                      const pending = await startOtpSignIn(kit, otpType, contact);
                      setStep({ kind: 'otp-code', ...pending, contact: contact.trim() });
                    }}>
                      {OTP_LABEL[otpType]}
                    </ActionButton>
                  ))}
                </div>
              );
            }
            return (
              <div key={method} className="sigil-kit-group">
                {oauthProviders.map((provider) => (
                  <ActionButton key={provider.providerName} secondary busy={busy} run={run} action={async () => {
                    const target = generateTargetKeyPair();
                    const oidcToken = await requestIdToken(provider, target.targetPublicKey);
                    succeed(await finishOauthSignIn(kit, oidcToken, target, sessionSeconds));
                  }}>
                    Continue with {provider.providerName}
                  </ActionButton>
                ))}
              </div>
            );
          })}
        </>
      )}

      {codeStep && (
        <form
          className="sigil-kit-group"
          noValidate
          onSubmit={submit(async () => {
            if (step.kind === 'email-code') succeed(await finishEmailSignIn(kit, step, code, sessionSeconds));
            else if (step.kind === 'otp-code') succeed(await finishOtpSignIn(kit, step, code, sessionSeconds));
            else if (step.kind === 'recovery-code') succeed(await finishRecovery(kit, step, code, email, sessionSeconds));
            else throw new SigilKitError('invalid-input', 'Nothing to verify');
          })}
        >
          {step.kind === 'otp-code' ? (
            <div className="sigil-kit-field">
              <label htmlFor={`${id}-code`}>6-digit code sent to {step.contact}</label>
              <input
                id={`${id}-code`}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            </div>
          ) : (
            <div className="sigil-kit-field">
              <label htmlFor={`${id}-code`}>{step.kind === 'email-code' ? 'Code from the sign-in email' : 'Code from the recovery email'}</label>
              <textarea id={`${id}-code`} rows={3} spellCheck={false} value={code} onChange={(event) => setCode(event.target.value)} />
            </div>
          )}
          <button type="submit" className="sigil-kit-button" disabled={busy}>
            {step.kind === 'recovery-code' ? 'Recover and add a passkey' : 'Sign in'}
          </button>
          <button type="button" className="sigil-kit-button sigil-kit-secondary" disabled={busy} onClick={back}>
            Back
          </button>
        </form>
      )}
    </section>
  );
}
