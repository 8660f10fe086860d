// Minimal types for the parts of autocannon 9 the benches use (the package ships none).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    min: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  }
  /** One request of a `requests` sequence; setupRequest may rewrite it before each send. */
  export interface Request {
    method?: 'GET' | 'POST';
    path?: string;
    setupRequest?: (req: Request) => Request;
  }
  export interface Options {
    url: string;
    headers?: Record<string, string>;
    requests?: Request[];
    connections?: number;
    pipelining?: number;
    duration?: number;
    amount?: number;
    workers?: number;
  }
  /** A run started with a callback: its events (each failed request's error). */
  export interface Instance {
    on(event: 'reqError', listener: (err: Error) => void): Instance;
  }
  function autocannon(opts: Options): Promise<Result>;
  function autocannon(opts: Options, done: (err: unknown, result: Result) => void): Instance;
  export default autocannon;
}
