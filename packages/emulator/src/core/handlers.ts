// The handler registry: every query and submission the emulator answers, by operation name, gathered in
// this one place and given to createEmulator. The handler areas import only what lies below them (the
// store, the records, the shared helpers), never the request pipeline.
import type { HandlerRegistry } from './handler-types.js';
import { QUERIES } from './queries.js';
import { SIGNIN_SUBMISSIONS } from './signin.js';
import { SIGNING_SUBMISSIONS } from './signing/handlers.js';
import { ORGANIZATION_SUBMISSIONS } from './organizations/handlers.js';
import { POLICY_SUBMISSIONS } from './policies/handlers.js';
import { TAG_SUBMISSIONS } from './tags/handlers.js';
import { USER_SUBMISSIONS } from './users/handlers.js';
import { EXPORT_IMPORT_SUBMISSIONS } from './wallets/export-import.js';
import { WALLET_QUERIES, WALLET_SUBMISSIONS } from './wallets/handlers.js';

export const HANDLERS: HandlerRegistry = {
  queries: { ...QUERIES, ...WALLET_QUERIES },
  submissions: {
    ...ORGANIZATION_SUBMISSIONS,
    ...USER_SUBMISSIONS,
    ...POLICY_SUBMISSIONS,
    ...TAG_SUBMISSIONS,
    ...SIGNIN_SUBMISSIONS,
    ...WALLET_SUBMISSIONS,
    ...SIGNING_SUBMISSIONS,
    ...EXPORT_IMPORT_SUBMISSIONS,
  },
};
