// A hand-written stand-in for the generated SigilClient, so the runtime tests of the shared
// machinery do not depend on the OpenAPI document.
import { SigilBaseClient, type SubmitOptions } from '../src/base-client.js';

export interface MiniActivity {
  id: string;
  organizationId: string;
  status: string;
  type: string;
  result: Record<string, unknown>;
}

export class MiniClient extends SigilBaseClient {
  whoami(body?: { organizationId?: string }): Promise<{ organizationId: string; username: string }> {
    return this.query('/public/v1/query/whoami', body, true);
  }
  getActivity(body: { activityId: string; organizationId?: string }): Promise<{ activity: MiniActivity }> {
    return this.query('/public/v1/query/get_activity', body, true);
  }
  createWallet(parameters: { walletName: string; accounts: unknown[] }, options?: SubmitOptions): Promise<MiniActivity> {
    return this.submit('/public/v1/submit/create_wallet', 'ACTIVITY_TYPE_CREATE_WALLET', parameters, options);
  }
  signRawPayload(parameters: Record<string, string>, options?: SubmitOptions): Promise<MiniActivity> {
    return this.submit('/public/v1/submit/sign_raw_payload', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD', parameters, options);
  }
}
