export { SigilKitProvider, useSigilKit } from './provider.js';
export type {
  KitEmailCustomization,
  NewPasskey,
  OtpType,
  SigilKitContextValue,
  SigilKitProviderProps,
  SigilKitServer,
  SigilKitSession,
  SigilKitTheme,
} from './provider.js';
export { SigilAuth } from './auth.js';
export type { AuthMethod, SigilAuthProps } from './auth.js';
export type { OauthProvider } from './oauth.js';
export { SigilExport } from './export.js';
export type { SigilExportProps } from './export.js';
export { SigilImport, normalizeSeedPhrase } from './import.js';
export type { SigilImportProps } from './import.js';
export { SigilKitError } from './errors.js';
export type { SigilKitErrorReason } from './errors.js';
export { ActivityNotCompletedError } from './activity.js';
export type { MnemonicLanguage, WalletAccountParams } from './api-types.js';
