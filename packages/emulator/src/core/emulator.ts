// createEmulator: the isomorphic core. Routes a request to its operation, authenticates it, validates
// it against the document and answers with the document's shapes. No Node APIs (see tsconfig.core.json).
import { ApiError, Code } from './errors.js';
import { OPERATIONS, httpStatusOf } from './document.js';
import type { Emulator, EmulatorOptions, EmulatorRequest, EmulatorResponse, EmulatorState } from './types.js';

const JSON_HEADERS = { 'content-type': 'application/json' };

function json(status: number, value: unknown): EmulatorResponse {
  return { status, headers: { ...JSON_HEADERS }, body: JSON.stringify(value) };
}

export function errorResponse(error: ApiError): EmulatorResponse {
  return json(httpStatusOf(error.code), { code: error.code, message: error.message, details: error.details });
}

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const collections = new Map<string, Map<string, unknown>>();
  for (const [name, entries] of Object.entries(options.state?.collections ?? {})) collections.set(name, new Map(entries));

  async function route(request: EmulatorRequest): Promise<EmulatorResponse> {
    const path = request.path.split('?')[0] ?? '';
    if (path === '/emulator/v1/health') return json(200, { status: 'ok' });
    if (path === '/emulator/v1/state') return json(200, exportState());
    const match = /^\/public\/v1\/(query|submit)\/([a-z0-9_]+)$/.exec(path);
    const operation = match ? OPERATIONS.get(match[2]!) : undefined;
    if (!operation || operation.path !== path) throw new ApiError(Code.NOT_FOUND, `no operation at ${path}`);
    throw new ApiError(Code.UNIMPLEMENTED, `${operation.name} is not implemented by this emulator version`);
  }

  function exportState(): EmulatorState {
    const out: EmulatorState['collections'] = {};
    for (const [name, records] of collections) out[name] = [...records.entries()];
    return { format: 'sigil-emulator-state', version: 1, collections: out };
  }

  return {
    async handle(request) {
      try {
        return await route(request);
      } catch (error) {
        if (error instanceof ApiError) return errorResponse(error);
        return errorResponse(new ApiError(Code.INTERNAL, `emulator bug: ${(error as Error)?.message ?? String(error)}`));
      }
    },
    async bootstrap() {
      throw new ApiError(Code.UNIMPLEMENTED, 'bootstrap is being built');
    },
    organizations: () => [],
    exportState,
    applyChanges(changes) {
      for (const change of changes) {
        const records = collections.get(change.collection) ?? new Map<string, unknown>();
        collections.set(change.collection, records);
        if (change.value === null) records.delete(change.id);
        else records.set(change.id, change.value);
      }
    },
    async close() {},
  };
}
