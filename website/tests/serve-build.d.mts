import type {Server} from 'node:http';

/** A static server for the build in `root` (see serve-build.mjs). */
export function createBuildServer(root: string): Server;
