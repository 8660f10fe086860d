/** The API of a test listening on a loopback port with its socket.io server attached (the watchlist tests). */
import { attachRealtime, type Realtime } from '../../../server/realtime/socket';
import type { TestApi } from '../../helpers/apiFixture';

export async function listenRealtime(api: TestApi): Promise<{ realtime: Realtime; url: string }> {
  const realtime = attachRealtime(api.app.server, api.ctx);
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = api.app.server.address();
  return { realtime, url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` };
}
