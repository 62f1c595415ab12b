import {createContext} from 'react';

/** The build-time tokens of the code block being rendered (see tokens.ts), if the build saw it. */
export const BuildTokens = createContext<string | undefined>(undefined);
