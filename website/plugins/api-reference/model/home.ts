import type {OpenApiDocument} from '../openapi';
import type {AreaGroup, HomePageData, OperationSummary, RichText} from '../types';
import {isStampHeader} from './auth';
import type {OperationEntry} from './operations';

export interface HomeInputs {
  doc: OpenApiDocument;
  entries: OperationEntry[];
  areaGroups: AreaGroup[];
  schemaCount: number;
  apiBaseUrl: string;
  downloads: {label: string; href: string}[];
  describe: (markdown: string) => RichText;
}

/** The `/api/` overview: authentication headers, error codes, limits and the operation index. */
export function buildHome({doc, entries, areaGroups, schemaCount, apiBaseUrl, downloads, describe}: HomeInputs): HomePageData {
  const securitySchemes = doc.components?.securitySchemes ?? {};
  const byName = new Map(entries.map((e) => [e.summary.name, e]));
  return {
    title: doc.info.title,
    version: doc.info.version,
    summary: doc.info.summary ?? '',
    apiBaseUrl,
    // Root `security` plus every scheme an operation adds (X-Session on queries), each noting where it applies.
    stamps: [
      ...new Set([
        ...(doc.security ?? []).flatMap((requirement) => Object.keys(requirement)),
        ...entries.flatMap((e) => (e.op.security ?? []).flatMap((requirement) => Object.keys(requirement))),
      ]),
    ].flatMap((key) => {
      const s = securitySchemes[key];
      if (!s) return [];
      const inRoot = (doc.security ?? []).some((requirement) => key in requirement);
      const users = entries.filter((e) => (e.op.security ?? doc.security ?? []).some((requirement) => key in requirement));
      const kinds = new Set(users.map((e) => (e.path.includes('/query/') ? 'queries' : 'submissions')));
      const appliesTo = inRoot ? undefined : kinds.size === 1 ? `${[...kinds][0]} only` : 'some operations';
      return [
        {
          header: s.name ?? '',
          scheme: s.type,
          isStamp: isStampHeader(s.name ?? ''),
          ...(appliesTo ? {appliesTo} : {}),
          description: s.description ? describe(s.description) : [],
        },
      ];
    }),
    errorCodes: (doc['x-error-codes'] ?? []).map((e) => ({
      code: e.code,
      name: e.name,
      httpStatus: e.httpStatus,
      retryable: e.retryable,
      submissionRetryable: e.submissionRetryable === true,
      ...(e.description ? {description: describe(e.description)} : {}),
    })),
    limits: (doc['x-limits'] ?? []).map((l) => ({
      id: l.id,
      name: l.name,
      value: Array.isArray(l.value) ? l.value.join(', ') : String(l.value),
      ...(l.unit ? {unit: l.unit} : {}),
      appliesTo: (l.appliesTo ?? []).map((n) => byName.get(n)?.summary).filter((s): s is OperationSummary => s !== undefined),
      ...(l.description ? {description: describe(l.description)} : {}),
    })),
    groups: areaGroups,
    operationCount: entries.length,
    schemaCount,
    downloads,
  };
}
