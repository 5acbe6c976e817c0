// What a hostile request costs everyone else: the server's /healthz latency, polled every 10 ms while it runs, and
// the process's peak resident memory above what it held just before (Linux /proc: VmHWM reset by clear_refs).
import { writeFileSync } from 'node:fs';
import { quantile, round1 } from './figures.js';
import { memoryOf, type Server } from './server.js';

export type Cost = {
  polls: number;
  p50: number;
  p99: number;
  max: number;
  idleMb: number;
  peakAboveIdleMb: number;
};

export async function measured<T>(s: Server, run: () => Promise<T>): Promise<{ result: T; cost: Cost }> {
  const idle = memoryOf(s.pid).rss;
  // "5" resets the peak to the current resident set (Linux ≥ 4.0); the sampled maximum backs it up.
  writeFileSync(`/proc/${s.pid}/clear_refs`, '5');
  let sampled = idle;
  const latencies: number[] = [];
  const polls: Promise<void>[] = [];
  const poll = () => {
    const start = performance.now();
    polls.push(
      fetch(`${s.url}/healthz`)
        .then((r) => r.arrayBuffer())
        .then(
          () => void latencies.push(performance.now() - start),
          () => void latencies.push(Number.POSITIVE_INFINITY),
        ),
    );
    sampled = Math.max(sampled, memoryOf(s.pid).rss);
  };
  const timer = setInterval(poll, 10);
  // A few polls before and after, so a quick refusal still has a latency distribution around it.
  await new Promise((r) => setTimeout(r, 50));
  const result = await run();
  await new Promise((r) => setTimeout(r, 50));
  clearInterval(timer);
  await Promise.all(polls);
  const peak = Math.max(memoryOf(s.pid).peak, sampled);
  return {
    result,
    cost: {
      polls: latencies.length,
      p50: round1(quantile(latencies, 0.5)),
      p99: round1(quantile(latencies, 0.99)),
      max: round1(Math.max(...latencies)),
      idleMb: round1(idle / 1024),
      peakAboveIdleMb: round1((peak - idle) / 1024),
    },
  };
}
