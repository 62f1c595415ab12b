import {createContext} from 'react';

/** True inside a ScrollTable: its table is already in a labelled, focusable scroller. */
export const InScrollTable = createContext(false);
