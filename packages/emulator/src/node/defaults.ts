// The emulator's defaults, in a module of their own so that tools which only name them (the CLI's key-file paths and
// usage text) do not load the emulator's core to read four constants.
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8787;
export const KEY_FILE_NAME = 'root-api-key.json';
/** Where the key file goes without --data: relative to the working directory, like a project's own dot folder. */
export const DEFAULT_KEY_DIRECTORY = '.sigil-emulator';
