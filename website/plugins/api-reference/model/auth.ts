import type {OpenApiDocument, OperationObject} from '../openapi';

// Stamp headers sign the body (X-Stamp, X-Stamp-WebAuthn); any other header (X-Session) carries a token instead.
export const isStampHeader = (header: string): boolean => header.startsWith('X-Stamp');

/** The headers that authenticate operations: the stamps that sign the body, and the token headers. */
export function authHeaders(doc: OpenApiDocument): {stampsOf: (op: OperationObject) => string[]; tokensOf: (op: OperationObject) => string[]} {
  const securitySchemes = doc.components?.securitySchemes ?? {};
  const headersOf = (op: OperationObject): string[] =>
    (op.security ?? doc.security ?? []).flatMap((requirement) =>
      Object.keys(requirement).map((scheme) => securitySchemes[scheme]?.name ?? scheme),
    );
  return {
    stampsOf: (op) => headersOf(op).filter(isStampHeader),
    tokensOf: (op) => headersOf(op).filter((header) => !isStampHeader(header)),
  };
}
