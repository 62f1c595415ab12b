export function generateClient(doc: unknown, options?: { typesModule?: string; baseModule?: string }): string;
export function generateErrorCodes(doc: unknown): string;
