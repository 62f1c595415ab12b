// @sigil/emulator/node: the emulator as a local HTTP server, with persistence, import and export. Node only.
export { startEmulatorServer, EmulatorStartError, DEFAULT_HOST, DEFAULT_PORT, DEFAULT_KEY_DIRECTORY, KEY_FILE_NAME } from './server.js';
export type { EmulatorServer, EmulatorServerOptions } from './server.js';
export { createRequestListener, DEFAULT_MAX_BODY_BYTES } from './http-adapter.js';
export type { AdapterOptions, Exchange } from './http-adapter.js';
export { DataDir, DataDirError } from './data-dir.js';
export type { DataDirOptions, Recovered } from './data-dir.js';
export { readStateFile, writeStateFile, isEmulatorState, StateFileError } from './state-file.js';
export { ensureRootAccess, isRootAccess, readKeyPair, writeKeyPair, KeyFileError } from './root-access.js';
export type { RootAccess, UnmatchedOrganizations } from './root-access.js';
export { formatBanner, DEVELOPMENT_WARNING } from './banner.js';
export { startFramesServer } from './frames-server.js';
export type { FramesServer, FramesServerOptions } from './frames-server.js';
