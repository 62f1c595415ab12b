// A hand-written stand-in for the generated SigilClient, so the runtime tests of the shared
// machinery do not depend on the OpenAPI document.
import { SigilBaseClient, type OperationRoute, type SubmitOptions } from '../src/base-client.js';
import type { RequestOptions } from '../src/transport.js';

export interface MiniActivity {
  id: string;
  organizationId: string;
  status: string;
  type: string;
  result: Record<string, unknown>;
}

const route = (name: string): OperationRoute => ({ path: `/public/v1/query/${name}`, kind: 'query', takesOrganizationId: true, acceptsSession: true });
const submission = (name: string, activityType: string): OperationRoute => ({ path: `/public/v1/submit/${name}`, kind: 'submission', activityType });

export class MiniClient extends SigilBaseClient {
  whoami(body?: { organizationId?: string }, options?: RequestOptions): Promise<{ organizationId: string; username: string }> {
    return this.query(route('whoami'), body, options);
  }
  getActivity(body: { activityId: string; organizationId?: string }, options?: RequestOptions): Promise<{ activity: MiniActivity }> {
    return this.query(route('get_activity'), body, options);
  }
  createWallet(parameters: { walletName: string; accounts: unknown[] }, options?: SubmitOptions): Promise<MiniActivity> {
    return this.submit(submission('create_wallet', 'ACTIVITY_TYPE_CREATE_WALLET'), parameters, options);
  }
  signRawPayload(parameters: Record<string, string>, options?: SubmitOptions): Promise<MiniActivity> {
    return this.submit(submission('sign_raw_payload', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD'), parameters, options);
  }
}
