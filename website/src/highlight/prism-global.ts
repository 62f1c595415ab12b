import {Prism} from 'prism-react-renderer';

// Prism's grammar files extend a global `Prism`; imported before them (see runtime.ts).
(globalThis as {Prism?: unknown}).Prism = Prism;
