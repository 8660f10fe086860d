import { RubyWeb3 } from 'rubyweb3';

// One object for everything: the explorer API answers the reads, the node's JSON-RPC takes the
// signed transactions. Use the URLs of your Ruby Explorer and node; the API key is optional
// (with one, your calls get a higher rate limit).
export function connect(apiUrl: string, rpcUrl: string, apiKey?: string): RubyWeb3 {
  return new RubyWeb3({ apiUrl, rpcUrl, apiKey });
}
