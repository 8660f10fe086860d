/**
 * The Redux store: the RTK Query api plus any slice a lazily loaded feature injects with
 * rootReducer.inject(slice) (combineSlices).
 */
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api, type ServerRenderExtra } from './api';

export const rootReducer = combineSlices(api);

/** `server`: a store for one server render (src/app/shell/renderPage.tsx): its API in-process, no window. */
export function makeStore(server?: ServerRenderExtra) {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: server } }).concat(api.middleware),
  });
  // refetchOnFocus / refetchOnReconnect for the endpoints that opt in.
  if (!server) setupListeners(store.dispatch);
  return store;
}

export const store = makeStore();

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
