// The parts of the native modules' APIs this package calls, declared here because installing them in the
// workspace would also install their peer `react-native` (with the Hermes compiler binaries) for the whole
// monorepo. Each declaration is copied in shape (not text) from the package's own lib/typescript/*.d.ts of
// the version in peerDependencies: react-native-passkey 3.6.2, react-native-keychain 10.0.0. These are not
// emitted: the built declarations of @sigil/react-native never name these modules, so apps type-check
// against the modules' real declarations.

declare module 'react-native-passkey' {
  export interface PasskeyCreateRequest {
    challenge: string;
    rp: { id: string; name: string };
    user: { id: string; name: string; displayName: string };
    pubKeyCredParams: Array<{ type: 'public-key'; alg: number }>;
    timeout?: number;
    excludeCredentials?: Array<PublicKeyCredentialDescriptor>;
    authenticatorSelection?: {
      authenticatorAttachment?: 'platform' | 'cross-platform';
      requireResidentKey?: boolean;
      residentKey?: 'discouraged' | 'preferred' | 'required';
      userVerification?: 'discouraged' | 'preferred' | 'required';
    };
    attestation?: 'none' | 'indirect' | 'direct' | 'enterprise';
  }
  export interface PasskeyCreateResult {
    id: string;
    rawId: string;
    type?: string;
    authenticatorAttachment?: string;
    response: {
      clientDataJSON: string;
      attestationObject: string;
      authenticatorData?: string;
      transports?: Array<AuthenticatorTransport>;
      publicKeyAlgorithm?: number;
      publicKey?: string;
    };
  }
  export interface PasskeyGetRequest {
    challenge: string;
    rpId: string;
    timeout?: number;
    allowCredentials?: Array<PublicKeyCredentialDescriptor>;
    userVerification?: 'discouraged' | 'preferred' | 'required';
  }
  export interface PasskeyGetResult {
    id: string;
    rawId?: string;
    type?: string;
    authenticatorAttachment?: string;
    response: { authenticatorData: string; clientDataJSON: string; signature: string; userHandle?: string };
  }
  /** What the module throws: `{error: 'UserCancelled' | 'NoCredentials' | 'BadConfiguration' | ..., message}`. */
  export interface PasskeyError {
    error: string;
    message: string;
  }
  export class Passkey {
    static create(request: PasskeyCreateRequest): Promise<PasskeyCreateResult>;
    static get(request: PasskeyGetRequest): Promise<PasskeyGetResult>;
    static isSupported(): boolean;
  }
}

declare module 'react-native-keychain' {
  export enum ACCESSIBLE {
    WHEN_UNLOCKED = 'AccessibleWhenUnlocked',
    AFTER_FIRST_UNLOCK = 'AccessibleAfterFirstUnlock',
    WHEN_PASSCODE_SET_THIS_DEVICE_ONLY = 'AccessibleWhenPasscodeSetThisDeviceOnly',
    WHEN_UNLOCKED_THIS_DEVICE_ONLY = 'AccessibleWhenUnlockedThisDeviceOnly',
    AFTER_FIRST_UNLOCK_THIS_DEVICE_ONLY = 'AccessibleAfterFirstUnlockThisDeviceOnly',
  }
  export type BaseOptions = { service?: string; cloudSync?: boolean };
  export type SetOptions = BaseOptions & { accessible?: ACCESSIBLE; accessGroup?: string };
  export type GetOptions = BaseOptions;
  export type Result = { service: string; storage: string };
  export type UserCredentials = { username: string; password: string } & Result;
  export function setGenericPassword(username: string, password: string, options?: SetOptions): Promise<false | Result>;
  export function getGenericPassword(options?: GetOptions): Promise<false | UserCredentials>;
  export function hasGenericPassword(options?: BaseOptions): Promise<boolean>;
  export function resetGenericPassword(options?: BaseOptions): Promise<boolean>;
}

declare module 'react-native-get-random-values' {}
