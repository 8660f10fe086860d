/**
 * The Redux store: the RTK Query api plus any slice a lazily loaded feature injects with
 * rootReducer.inject(slice) (combineSlices).
 */
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from './api';

export const rootReducer = combineSlices(api);

export function makeStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  // refetchOnFocus / refetchOnReconnect for the endpoints that opt in.
  setupListeners(store.dispatch);
  return store;
}

export const store = makeStore();

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
