// In-memory react-native-keychain: the generic-password functions the SDK calls, one entry per service,
// with the same results (false when nothing is stored, true from reset) as the native module.
export enum ACCESSIBLE {
  WHEN_UNLOCKED = 'AccessibleWhenUnlocked',
  AFTER_FIRST_UNLOCK = 'AccessibleAfterFirstUnlock',
  WHEN_PASSCODE_SET_THIS_DEVICE_ONLY = 'AccessibleWhenPasscodeSetThisDeviceOnly',
  WHEN_UNLOCKED_THIS_DEVICE_ONLY = 'AccessibleWhenUnlockedThisDeviceOnly',
  AFTER_FIRST_UNLOCK_THIS_DEVICE_ONLY = 'AccessibleAfterFirstUnlockThisDeviceOnly',
}

type Options = { service?: string; accessible?: ACCESSIBLE };
export type Result = { service: string; storage: string };

/** What the device holds, by service: readable by tests, as a device's Keychain is by its owner. */
export const keychain = new Map<string, { username: string; password: string; accessible: ACCESSIBLE | undefined }>();
/** Set to make the next write fail as a locked device's Keychain does. */
export const failures = { nextWrite: undefined as Error | undefined };

const serviceOf = (options?: Options) => options?.service ?? 'default';

export async function setGenericPassword(username: string, password: string, options?: Options): Promise<false | Result> {
  if (failures.nextWrite) {
    const error = failures.nextWrite;
    failures.nextWrite = undefined;
    throw error;
  }
  keychain.set(serviceOf(options), { username, password, accessible: options?.accessible });
  return { service: serviceOf(options), storage: 'KeychainiOS' };
}

export async function getGenericPassword(options?: Options): Promise<false | ({ username: string; password: string } & Result)> {
  const entry = keychain.get(serviceOf(options));
  return entry ? { username: entry.username, password: entry.password, service: serviceOf(options), storage: 'KeychainiOS' } : false;
}

export async function hasGenericPassword(options?: Options): Promise<boolean> {
  return keychain.has(serviceOf(options));
}

export async function resetGenericPassword(options?: Options): Promise<boolean> {
  keychain.delete(serviceOf(options));
  return true;
}
