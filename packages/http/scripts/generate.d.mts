export function generateClient(doc: unknown, options?: { typesModule?: string; baseModule?: string }): string;
