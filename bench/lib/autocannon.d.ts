/** The parts of autocannon 9's programmatic API the benchmarks use (the package ships no types). */
declare module "autocannon" {
  interface Histogram {
    average: number;
    mean: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  export interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: RequestSpec, context: Record<string, unknown>) => RequestSpec;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: RequestSpec[];
  }
  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
