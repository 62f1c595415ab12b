/** The builder's two ways to send a signed body: to a server the reader named, or to the sandbox in this tab. */
import {sendToSandbox} from '@site/src/sandbox/client';
import type {Answer} from './types';

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Posts to a server the reader named; says so plainly when the site's policy or CORS stops it. */
export async function postToServer(baseUrl: string, path: string, body: string, stamp: string): Promise<Answer> {
  // The site's Content Security Policy may not allow this host (connect-src); tell the reader rather than guess.
  let blockedByPolicy = false;
  const onViolation = (event: SecurityPolicyViolationEvent): void => {
    if (event.effectiveDirective === 'connect-src') blockedByPolicy = true;
  };
  document.addEventListener('securitypolicyviolation', onViolation);
  try {
    const response = await fetch(`${baseUrl}${path}`, {method: 'POST', headers: {'Content-Type': 'application/json', 'X-Stamp': stamp}, body});
    return {status: response.status, body: pretty(await response.text())};
  } catch (error) {
    // The violation event is queued as a task; let it arrive before deciding what went wrong.
    await new Promise((resolve) => setTimeout(resolve, 0));
    throw new Error(
      blockedByPolicy
        ? `This site's Content Security Policy does not allow requests to ${new URL(baseUrl).origin}. Copy the curl command instead.`
        : `${(error as Error).message}. The server may be unreachable or may not accept requests from this site (CORS).`,
    );
  } finally {
    document.removeEventListener('securitypolicyviolation', onViolation);
  }
}

/** Posts to the emulator in this tab's worker: nothing goes over the network. */
export async function postToSandbox(path: string, body: string, stamp: string): Promise<Answer> {
  try {
    const response = await sendToSandbox({method: 'POST', path, headers: {'Content-Type': 'application/json', 'X-Stamp': stamp}, body});
    return {status: response.status, body: pretty(response.body)};
  } catch (error) {
    throw new Error(`The sandbox could not answer: ${(error as Error).message}`);
  }
}
