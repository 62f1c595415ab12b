// Phone blocks marked `render="<Screen />"`: a React Native screen rendered in Node with react-test-renderer (the
// React version of the repository), `react-native` resolved to host components (react-native-host.mjs), the native
// modules the phone harness's in-memory ones. `renderModule` writes the module that mounts the marker's JSX with the
// block's exports and the phone's names in scope; `screen` lets a `call` press buttons and read the texts.
import { Component, createElement } from 'react';
import { act, create } from 'react-test-renderer';

// React's switches for a React Native test environment: `act` is expected, and the renderer is the one RN tests use.
globalThis.IS_REACT_ACT_ENVIRONMENT = true;
globalThis.IS_REACT_NATIVE_TEST_ENVIRONMENT = true;

const WAIT_MS = 20_000;
const POLL_MS = 50;
let renderer;
const errors = [];

/** The TypeScript module (tsx) that mounts the block's screen: the marker's JSX over the names in scope. */
export function renderModule({ harnessUrl, blockFile, exports, names, render }) {
  return `import { mountScreen, screen } from ${JSON.stringify(harnessUrl)};
import { ${exports.join(', ')} } from ${JSON.stringify(`./${blockFile}`)};
export { screen };
// any: the scope holds the phone's values of many types, and tsx runs this generated module without type-checking it.
export function mount(scope: Record<string, any>) {
  const { ${names.filter((n) => !exports.includes(n)).join(', ')} } = scope;
  return mountScreen(() => (${render}));
}
`;
}

const textOf = (node) => (typeof node === 'string' ? node : node.children.map(textOf).join(''));

/** Renders `render()` and fails when a component threw or nothing was rendered. */
export async function mountScreen(render) {
  await act(async () => {
    renderer = create(createElement(Catch, null, render()));
  });
  if (errors.length) throw errors[0];
  if (!renderer.toJSON()) throw new Error('the screen rendered nothing');
}

// Records a component's error, as React Native's red box would show it.
class Catch extends Component {
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error) {
    errors.push(error);
  }
  render() {
    return this.state?.failed ? null : this.props.children;
  }
}

async function until(find, what) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (errors.length) throw errors[0];
    const found = find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`${what} within ${WAIT_MS / 1000} s; the screen shows: ${JSON.stringify(screen.text())}`);
    await act(() => new Promise((resolve) => setTimeout(resolve, POLL_MS)));
  }
}

/** What the user sees and does on the mounted screen. */
export const screen = {
  /** The texts of the screen's Text components, one a line. */
  text: () => renderer.root.findAll((n) => n.type === 'Text').map(textOf).join('\n'),
  /** Waits until a Text shows `pattern` (a RegExp: its match; a string: that text), and returns it. */
  waitFor: (pattern) =>
    until(() => {
      const text = screen.text();
      return typeof pattern === 'string' ? text.includes(pattern) && pattern : pattern.exec(text)?.[0];
    }, `${pattern} did not show`),
  /** Presses the enabled Button titled `title`, and waits for what its handler awaits. */
  press: async (title) => {
    const button = await until(() => renderer.root.findAll((n) => n.type === 'Button' && n.props.title === title && !n.props.disabled)[0], `no enabled button ${title} showed`);
    await act(async () => {
      await button.props.onPress?.();
    });
  },
};
