// Business constants of the Sigil API (spec section 9). The same values appear in
// the document's descriptions and in its `x-limits` extension; tests keep them equal.

/** Lifetime of credentials from email auth, OAuth, OTP auth and recovery when `expirationSeconds` is left out. */
export const DEFAULT_CREDENTIAL_LIFETIME_SECONDS = 900;
/** Lifetime of a read-write session key when `expirationSeconds` is left out. */
export const DEFAULT_READ_WRITE_SESSION_SECONDS = 900;
/** Lifetime of a read-only session; it cannot be changed. */
export const READ_ONLY_SESSION_SECONDS = 3600;

export const MNEMONIC_LENGTHS = [12, 15, 18, 21, 24] as const;
export type MnemonicLength = (typeof MNEMONIC_LENGTHS)[number];
export const DEFAULT_MNEMONIC_LENGTH: MnemonicLength = 12;

export const PAGINATION_LIMIT_MIN = 1;
export const PAGINATION_LIMIT_MAX = 100;
export const PAGINATION_LIMIT_DEFAULT = 10;

export const OTP_CODE_LENGTH = 6;
export const OTP_CODE_PATTERN = /^[0-9]{6}$/;
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

/** Email logos are PNG images resized to this size. */
export const EMAIL_LOGO_SIZE = { width: 340, height: 124 } as const;

/** Default API key names are the prefix, " - ", then a timestamp. */
export const DEFAULT_API_KEY_NAME_PREFIX = {
  email_auth: 'Email Auth',
  oauth: 'Oauth',
  otp_auth: 'OTP Auth',
  create_read_write_session: 'Read Write Session',
} as const;
