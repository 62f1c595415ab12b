// Bundled into the tab with each render block (render.mjs): mounts the marker's element with React DOM, fails the
// block when a component throws or renders nothing, and gives `call` a `screen` that acts as the user does (clicks,
// typing) and waits for what the components show. Every wait polls the state it reads, up to WAIT_MS.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

const WAIT_MS = 20_000;
const POLL_MS = 50;
const errors = [];
let container;
let outboxSeen = 0;

const failIfThrown = () => {
  if (errors.length) throw errors[0];
};

/** Resolves with `find()`'s first truthy answer, polling; rejects with a component's error, or `what` after WAIT_MS. */
async function until(find, what) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    failIfThrown();
    const found = await find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`${what} within ${WAIT_MS / 1000} s; the page shows: ${JSON.stringify(screen.text())}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const matches = (text, pattern) => (typeof pattern === 'string' ? text.trim() === pattern : pattern.test(text.trim()));
const outbox = () => fetch('https://api.sigil.example/emulator/v1/outbox').then((r) => r.json()).then((body) => body.messages);

/**
 * The tab's authenticator holds several passkeys for the origin (the checker's user's, and those the blocks create),
 * and without a list of allowed credentials a browser asks which one to use; the checker's virtual authenticator
 * answers with any of them instead. A user picks their own: a sign-in without a list uses the passkey created last
 * since the mount, when there is one, and otherwise the passkey of the tab's signed-up user (`credentialId`).
 */
function choosePasskeysAsTheUser() {
  window.doctestPasskeysMade = [];
  if (window.doctestPasskeyChooser) return;
  window.doctestPasskeyChooser = true;
  const credentials = navigator.credentials;
  const create = credentials.create.bind(credentials);
  const get = credentials.get.bind(credentials);
  credentials.create = async (options) => {
    const made = await create(options);
    if (made?.rawId) window.doctestPasskeysMade.push(made.rawId);
    return made;
  };
  credentials.get = (options) => {
    if (!options?.publicKey || options.publicKey.allowCredentials?.length) return get(options);
    const own = window.doctestFixtures.credentialId.replace(/-/g, '+').replace(/_/g, '/');
    const id = window.doctestPasskeysMade.at(-1) ?? Uint8Array.from(atob(own), (c) => c.charCodeAt(0));
    return get({ ...options, publicKey: { ...options.publicKey, allowCredentials: [{ type: 'public-key', id }] } });
  };
}

/** Mounts `render()` in a new root (the previous block's root unmounted), then fails if it threw or showed nothing. */
export async function mount(render) {
  window.doctestUnmount?.();
  container = document.createElement('div');
  container.id = 'doctest-render';
  document.body.append(container);
  outboxSeen = (await outbox()).length;
  choosePasskeysAsTheUser();
  const root = createRoot(container, { onUncaughtError: (error) => errors.push(error) });
  window.doctestUnmount = () => {
    root.unmount();
    container.remove();
  };
  flushSync(() => root.render(render()));
  // Effects and the first state updates run after the commit; one macrotask lets them.
  await new Promise((resolve) => setTimeout(resolve, 0));
  failIfThrown();
  if (!container.hasChildNodes()) throw new Error('the component rendered nothing');
}

/** What the user sees and does on the mounted components. */
export const screen = {
  /** The text the components show. */
  text: () => (container ? container.innerText : ''),
  /** Waits until the shown text contains `pattern` (a RegExp: its match; a string: that text), and returns it. */
  waitFor: (pattern) =>
    until(() => {
      const text = screen.text();
      if (typeof pattern === 'string') return text.includes(pattern) && pattern;
      return pattern.exec(text)?.[0];
    }, `${pattern} did not show`),
  /** Clicks the enabled button whose text (or aria-label) is `name` (a string, whole; or a RegExp). */
  click: async (name) => {
    const button = await until(
      () => [...container.querySelectorAll('button, [role="button"], input[type="submit"]')].find((b) => !b.disabled && (matches(b.innerText || b.value || '', name) || matches(b.getAttribute('aria-label') ?? '', name))),
      `no enabled button ${name} showed`,
    );
    button.click();
  },
  /** Types `value` into the field labelled `label`, as a user does (React sees an input event). */
  fill: async (label, value) => {
    const field = await until(() => labelled(label), `no field labelled ${label} showed`);
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set;
    setter.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  },
  /** Ticks the checkbox labelled `label`. */
  check: async (label) => {
    const box = await until(() => labelled(label), `no checkbox labelled ${label} showed`);
    if (!box.checked) box.click();
  },
  /** Waits until the block logged a line matching `pattern` (its console output is its standard output). */
  logged: (pattern) => until(() => window.doctestResult.stdout.some((line) => pattern.test(line)), `nothing matching ${pattern} was logged`).then(() => undefined),
  /** Waits for an email sent after the mount that carries a code (a credential bundle) and returns the code. */
  emailCode: () =>
    until(async () => (await outbox()).slice(outboxSeen).reverse().find((m) => m.credentialBundle)?.credentialBundle, 'no email with a code arrived in the emulator outbox'),
};

function labelled(label) {
  const element = [...container.querySelectorAll('label')].find((l) => matches(l.innerText, label));
  if (!element) return undefined;
  return element.htmlFor ? document.getElementById(element.htmlFor) : element.querySelector('input, textarea, select');
}
