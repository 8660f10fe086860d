import { createContext } from 'react';
import { appTicker, type Ticker } from '../lib/ticker';

/** The page's shared clock; the default is the app-wide ticker, tests may provide their own. */
export const TickerContext = createContext<Ticker>(appTicker);
