import { useSyncExternalStore } from 'react';
import { getSocket } from './socket';

function subscribe(onChange: () => void): () => void {
  const s = getSocket();
  s.on('connect', onChange);
  s.on('disconnect', onChange);
  return () => {
    s.off('connect', onChange);
    s.off('disconnect', onChange);
  };
}

const connected = () => getSocket().connected;
const never = () => false;

/** Whether the app's live channel is connected right now. */
export function useLiveConnection(): boolean {
  return useSyncExternalStore(subscribe, connected, never);
}
