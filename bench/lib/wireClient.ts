/**
 * A light live reader for the load bench: socket.io's wire protocol (Engine.IO 4 over one
 * WebSocket, Socket.IO 5 packets) spoken directly with `ws`, so ten thousand readers fit on the
 * machine that also runs the product. It does what the home page's socket does on the wire:
 * opens the default namespace, emits `gethomedata`, `getblock` and `subscribe`, answers the
 * server's pings, and for each `getblock-update` push reads the top block's number from the
 * start of the text without parsing the rest (a browser's parse and render are the pageload
 * bench's part, not the server's).
 */
import WebSocket from 'ws';
import { SOCKET_EVENTS, SOCKET_PATH } from '../../common/api/socket';

export interface WireReader {
  readonly open: boolean;
  close(): void;
}

const BLOCK_PUSH = `42["${SOCKET_EVENTS.getblock}",`;
const BLOCK_NUMBER = /"blockNumber":(\d+)/;

/** Connects; resolves once the namespace is joined and the requests sent (null when refused). */
export function openWire(
  url: string,
  localAddress: string,
  onBlock: (n: number) => void,
  onPush: (event: string, bytes: number) => void,
): Promise<WireReader | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}${SOCKET_PATH}/?EIO=4&transport=websocket`, { localAddress });
    let settled = false;
    const settle = (v: WireReader | null) => {
      if (!settled) {
        settled = true;
        resolve(v);
      }
    };
    const reader: WireReader = {
      get open() {
        return ws.readyState === WebSocket.OPEN;
      },
      close: () => ws.close(),
    };
    ws.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      if (text === '2')
        ws.send('3'); // ping → pong
      else if (text.startsWith('0{'))
        ws.send('40'); // Engine.IO open → join the default namespace
      else if (text.startsWith('40')) {
        for (const request of ['gethomedata', 'getblock', 'subscribe']) ws.send(`42["${request}"]`);
        settle(reader);
      } else if (text.startsWith('42["')) {
        const event = text.slice(4, text.indexOf('"', 4));
        onPush(event, data.length);
        if (text.startsWith(BLOCK_PUSH)) {
          const m = BLOCK_NUMBER.exec(text.slice(0, 400));
          if (m) onBlock(Number(m[1]));
        }
      }
    });
    ws.on('error', () => settle(null));
    ws.on('close', () => settle(null));
  });
}
