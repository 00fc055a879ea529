/**
 * Per-engine counts for /metrics: tasks each engine of a chain was given, how many it failed, and how
 * long its runs took. Runs happen in worker threads, the metrics registry lives in the main thread, so
 * each run posts one message on the process's BroadcastChannel (named after the slot broker) and the
 * main thread adds it up. Nothing here carries a message or a key: engine name, kind, outcome, seconds.
 */
import { BroadcastChannel } from 'node:worker_threads';
import type { EngineKind } from '../../domain/task-spec.ts';

export interface EngineRunReport {
  kind: EngineKind;
  /** The chain link's name (`tripo`, `builtin`, a routing-file engine name). */
  engine: string;
  outcome: 'done' | 'failed';
  seconds: number;
}

export interface EngineStat {
  kind: EngineKind;
  engine: string;
  tasks: number;
  failures: number;
  /** Every run's duration, for the latency histogram (kept as a sum and bucket counts by the caller). */
  seconds: number[];
}

const channelName = (broker: string) => `${broker}:engine-stats`;

/** Posts one run's outcome to the main thread (a no-op without a broker: the engine runs outside a Kiln pool). */
export function reportEngineRun(broker: string | undefined, report: EngineRunReport): void {
  if (!broker) return;
  const channel = new BroadcastChannel(channelName(broker));
  channel.postMessage(report);
  channel.close();
}

export interface EngineStatsCollector {
  /** Runs seen since start, and drains the durations for the histogram. */
  take(): EngineStat[];
  close(): void;
}

export function startEngineStats(broker: string): EngineStatsCollector {
  const channel = new BroadcastChannel(channelName(broker));
  channel.unref();
  const stats = new Map<string, EngineStat>();
  channel.onmessage = (event) => {
    const report = (event as { data: EngineRunReport }).data;
    const key = `${report.kind}\u0000${report.engine}`;
    const stat = stats.get(key) ?? { kind: report.kind, engine: report.engine, tasks: 0, failures: 0, seconds: [] };
    stat.tasks++;
    if (report.outcome === 'failed') stat.failures++;
    stat.seconds.push(report.seconds);
    stats.set(key, stat);
  };
  return {
    take() {
      const out = [...stats.values()].map((stat) => ({ ...stat, seconds: stat.seconds.splice(0) }));
      return out;
    },
    close: () => channel.close(),
  };
}
