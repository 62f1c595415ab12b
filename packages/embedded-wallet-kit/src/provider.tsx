import { DEFAULT_BASE_URL, type Attestation, type SigilClient } from '@sigil/sdk-browser';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { SigilKitError } from './errors.js';

/** How one-time codes are delivered. */
export type OtpType = 'OTP_TYPE_EMAIL' | 'OTP_TYPE_SMS';

/** The passkey a new user registered, as `create_sub_organization` takes it in `rootUsers[].authenticators`. */
export interface NewPasskey {
  authenticatorName: string;
  challenge: string;
  attestation: Attestation;
}

/** `emailCustomization` for the emails Sigil sends: the provider's `appName`. */
export interface KitEmailCustomization {
  appName: string;
}

/**
 * Calls to your backend, which holds the parent organization's API key. Leave out the functions of methods you do
 * not enable; a method whose function is missing fails with `SigilKitError` `missing-server-function`.
 */
export interface SigilKitServer {
  createSubOrganization?(input: { userName: string; userEmail?: string; passkey?: NewPasskey }): Promise<{ organizationId: string; userId: string }>;
  emailAuth?(input: { email: string; targetPublicKey: string; emailCustomization: KitEmailCustomization }): Promise<{ organizationId: string }>;
  initOtpAuth?(input: { otpType: OtpType; contact: string }): Promise<{ organizationId: string; otpId: string }>;
  otpAuth?(input: { organizationId: string; otpId: string; otpCode: string; targetPublicKey: string }): Promise<{ organizationId: string; credentialBundle: string }>;
  oauth?(input: { oidcToken: string; targetPublicKey: string }): Promise<{ organizationId: string; credentialBundle: string }>;
  initUserEmailRecovery?(input: {
    email: string;
    targetPublicKey: string;
    emailCustomization: KitEmailCustomization;
  }): Promise<{ organizationId: string; userId: string }>;
}

/** The color scheme; `'system'` follows `prefers-color-scheme`. */
export type SigilKitTheme = 'light' | 'dark' | 'system';

/** Props of `<SigilKitProvider>`. */
export interface SigilKitProviderProps {
  /** The relying party ID for passkeys; the same value your passkeys were created with. */
  rpId: string;
  /** Shown in passkey prompts and passed as `emailCustomization.appName`. */
  appName: string;
  server: SigilKitServer;
  /** The Sigil API. Default `https://api.sigil.example`. */
  baseUrl?: string;
  /** Default `'system'`: follows `prefers-color-scheme`. */
  theme?: SigilKitTheme;
  children?: ReactNode;
}

/** The signed-in user: a client stamped by the read-write session key, held in memory only. */
export interface SigilKitSession {
  client: SigilClient;
  organizationId: string;
  userId: string;
}

/** What `useSigilKit()` returns: the provider's configuration, the session and its setter. */
export interface SigilKitContextValue {
  rpId: string;
  appName: string;
  server: SigilKitServer;
  baseUrl: string;
  session: SigilKitSession | undefined;
  setSession(session: SigilKitSession | undefined): void;
}

const KitContext = createContext<SigilKitContextValue | undefined>(undefined);

function systemScheme(): 'light' | 'dark' {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Holds configuration and the signed-in session for the kit's components inside it. */
export function SigilKitProvider({ rpId, appName, server, baseUrl = DEFAULT_BASE_URL, theme = 'system', children }: SigilKitProviderProps) {
  if (!rpId) throw new TypeError('SigilKitProvider: rpId is required');
  if (!appName) throw new TypeError('SigilKitProvider: appName is required');
  if (typeof server !== 'object' || server === null) throw new TypeError('SigilKitProvider: server is required');
  if (theme !== 'light' && theme !== 'dark' && theme !== 'system') {
    throw new TypeError(`SigilKitProvider: theme must be 'light', 'dark' or 'system' (got ${JSON.stringify(theme)})`);
  }
  const [session, setSessionState] = useState<SigilKitSession | undefined>(undefined);
  const [scheme, setScheme] = useState<'light' | 'dark'>(() => (theme === 'system' ? systemScheme() : theme));

  useEffect(() => {
    if (theme !== 'system') {
      setScheme(theme);
      return undefined;
    }
    setScheme(systemScheme());
    const query = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!query) return undefined;
    const follow = (): void => setScheme(query.matches ? 'dark' : 'light');
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [theme]);

  const setSession = useCallback((next: SigilKitSession | undefined) => setSessionState(next), []);
  const value = useMemo<SigilKitContextValue>(
    () => ({ rpId, appName, server, baseUrl, session, setSession }),
    [rpId, appName, server, baseUrl, session, setSession],
  );
  return (
    <KitContext.Provider value={value}>
      <div className="sigil-kit" data-sigil-kit-theme={scheme}>
        {children}
      </div>
    </KitContext.Provider>
  );
}

/** The provider's configuration and session; throws outside a `SigilKitProvider`. */
export function useSigilKit(): SigilKitContextValue {
  const value = useContext(KitContext);
  if (!value) throw new SigilKitError('invalid-input', 'Kit components must be placed inside <SigilKitProvider>');
  return value;
}
