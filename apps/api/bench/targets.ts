/**
 * The bench's targets (BENCH.md's targets table), judged on one run's measurements: every target
 * compares two things measured minutes apart on the same machine, since absolute latencies and
 * rates on this shared machine move by 2x from day to day.
 */
import type { LifecycleMeasurement } from './lifecycle-measurement.ts';
import { GET, INGESTION, LINK, MCP_SEND, type Scenario, SEND } from './scenarios.ts';

type Latency = { p50: number; p99: number };
/** What delayed requests inside a server process since the last ask, in ms (see run.ts watchDelays). */
export type ServerDelays = { loopP99: number; loopMax: number; gcMax: number; gcTotal: number };

export type Measurement = {
  scenario: Scenario;
  requestsPerSecond: number;
  peak: Latency;
  halfLoad: Latency & { senderLateP99: number; server: ServerDelays };
  peakRssMb: number;
  /** The server process's CPU time (all its threads) per request at saturation, in µs; NaN where /proc is missing. */
  cpuMicrosPerRequest: number;
  /**
   * The same with every process the request involves: the server, and in the scaled mode the
   * PostgreSQL processes serving its database (its backends, and the server's writers) and Redis.
   */
  allCpuMicrosPerRequest: number;
  non2xx: number;
  errors: number;
  /** Scaled mode, scenarios with twoProcesses: the same load over two API processes. */
  twoProcesses?: {
    requestsPerSecond: number;
    peakRssMb: number;
    non2xx: number;
    cpuMicrosPerRequest: number;
    allCpuMicrosPerRequest: number;
  };
  /** The floor's throughput at saturation, measured again just before this scenario (see pairedFloor). */
  pairedFloorRequestsPerSecond?: number;
  /** Hot scenarios: the same scenario on a copy of the large fixture, measured right after. */
  large?: Measurement;
  /** Scenarios at the floor's rate: the rate of their steady load (halfLoad), the paired floor's. */
  steadyRate?: number;
};

/** The batch block (batch.ts): its name for BENCH_ONLY. */
export const BATCH = 'POST /api/v1/messages/batch against single sends';

type PerMessage = { accepted: number; cpuMicrosPerMessage: number; allCpuMicrosPerMessage: number };
/** The batch block's rounds: CPU per accepted message of single sends and of batches, on one server and database. */
export type BatchMeasurement = {
  rounds: number;
  size: number;
  single: PerMessage;
  batch: PerMessage;
  batchSecondsMedian: number;
};

/** The batch block's result, for the report. */
export function batchLines(measured: BatchMeasurement): string {
  const line = (label: string, { accepted, cpuMicrosPerMessage, allCpuMicrosPerMessage }: PerMessage) =>
    `  ${label.padEnd(44)} ${String(accepted).padStart(6)} accepted, CPU ${fixed(cpuMicrosPerMessage, 0)} µs, all ${fixed(allCpuMicrosPerMessage, 0)} µs a message`;
  return [
    `\n${BATCH} (${measured.rounds} rounds of ${measured.size}, one server and database):`,
    line(`${measured.size} single sends (32 connections)`, measured.single),
    line(`one ${measured.size}-item batch (median ${fixed(measured.batchSecondsMedian)} s)`, measured.batch),
  ].join('\n');
}

const fixed = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

type Verdict = { met: boolean | undefined; target: string; value: string };

/** One line per target: met, missed, or not measured in this run (a narrower BENCH_ONLY, no /proc, BENCH_SCALE=0). */
export function targetLines(mode: 'embedded' | 'postgres', measurements: Measurement[], batch?: BatchMeasurement): string[] {
  const scaled = mode === 'postgres';
  const floor = measurements.find(({ scenario }) => scenario.floor);
  const named = (name: string) => measurements.find(({ scenario }) => scenario.name === name);
  const verdicts: Verdict[] = [];
  const judge = (target: string, values: number[], value: string, within: (value: number) => boolean) => {
    const known = values.every(Number.isFinite);
    verdicts.push({ target, value, met: known && values.length > 0 ? values.every(within) : undefined });
  };

  // Kept: a send and an ingested event against the floor's one INSERT, in rate and in CPU.
  for (const [name, label, least] of [
    [SEND, 'sends', 0.5],
    [INGESTION, 'ingestion', 0.6],
  ] as const) {
    const measured = named(name);
    if (!measured || !floor) continue;
    const rate = measured.requestsPerSecond / floor.requestsPerSecond;
    const paired = measured.requestsPerSecond / (measured.pairedFloorRequestsPerSecond ?? Number.NaN);
    const cpu = floor.allCpuMicrosPerRequest / measured.allCpuMicrosPerRequest;
    judge(
      `${label} ≥ ${least} of floor (req/s and CPU µs)`,
      [rate, cpu],
      `req/s ${fixed(rate)} (paired ${fixed(paired)}), CPU ${fixed(floor.allCpuMicrosPerRequest, 0)} / ${fixed(measured.allCpuMicrosPerRequest, 0)} µs = ${fixed(cpu)}`,
      (value) => value >= least,
    );
  }

  const rest = named(SEND);
  const mcp = named(MCP_SEND);
  if (rest && mcp) {
    const rate = rest.requestsPerSecond / mcp.requestsPerSecond;
    const cpu = mcp.allCpuMicrosPerRequest / rest.allCpuMicrosPerRequest;
    judge(
      'MCP send within 1.5x of REST',
      [rate, cpu],
      `REST's req/s ${fixed(rate)}x MCP's, MCP's CPU µs ${fixed(cpu)}x REST's`,
      (value) => value <= 1.5,
    );
  }

  // Replaces "p99 ≤ 25 ms at half of peak": each scenario against the floor's half-load p99 of the same run.
  if (floor) {
    const rows = measurements.filter(({ scenario }) => !scenario.floor && !scenario.atFloorRate);
    const ratios = rows.map(({ halfLoad }) => halfLoad.p99 / floor.halfLoad.p99);
    judge(
      `half-load p99 within 2x the floor's (${floor.halfLoad.p99} ms)`,
      ratios,
      rows.length === 0
        ? '-'
        : `worst ${fixed(Math.max(...ratios))}x (${rows[ratios.indexOf(Math.max(...ratios))]?.scenario.name})`,
      (value) => value <= 2,
    );
  }

  // Replaces "two API processes ≥ 1.6x one": what a request costs, every process included.
  if (scaled) {
    for (const measured of measurements.filter(({ twoProcesses }) => twoProcesses)) {
      const ratio = measured.twoProcesses!.allCpuMicrosPerRequest / measured.allCpuMicrosPerRequest;
      judge(
        `two API processes: CPU µs within 1.15x of one (${measured.scenario.name})`,
        [ratio],
        `${fixed(measured.twoProcesses!.allCpuMicrosPerRequest, 0)} / ${fixed(measured.allCpuMicrosPerRequest, 0)} µs = ${fixed(ratio)}x` +
          ` (req/s ${fixed(measured.twoProcesses!.requestsPerSecond / measured.requestsPerSecond)}x, not a target)`,
        (value) => value <= 1.15,
      );
    }
  }

  // Replaces "peak RSS ≤ 300 MB": scaled absolute, embedded above the PGlite floor of the same run.
  const apiRows = measurements.filter(({ scenario }) => !scenario.floor);
  const peaks = apiRows.flatMap((measured) => [
    measured.peakRssMb,
    ...(measured.twoProcesses ? [measured.twoProcesses.peakRssMb] : []),
    ...(measured.large ? [measured.large.peakRssMb] : []),
  ]);
  if (peaks.length > 0) {
    const limit = scaled ? 300 : (floor?.peakRssMb ?? Number.NaN) + 80;
    judge(
      scaled ? 'API peak RSS ≤ 300 MB' : `API peak RSS ≤ the PGlite floor's + 80 MB (${fixed(limit, 0)} MB)`,
      [...peaks, limit],
      `largest ${fixed(Math.max(...peaks), 0)} MB`,
      (value) => value <= limit,
    );
  }

  // Data volume: a hot scenario costs about as much on a year of data as on an empty database.
  const most = scaled ? 1.2 : 1.5;
  for (const measured of measurements.filter(({ large }) => large)) {
    const ratio = measured.large!.allCpuMicrosPerRequest / measured.allCpuMicrosPerRequest;
    judge(
      `on the large fixture within ${most}x of empty (${measured.scenario.name})`,
      [ratio],
      `${fixed(measured.large!.allCpuMicrosPerRequest, 0)} / ${fixed(measured.allCpuMicrosPerRequest, 0)} µs = ${fixed(ratio)}x`,
      (value) => value <= most,
    );
  }

  // The filtered list against a read by id, on the large fixture when it was measured.
  const get = named(GET);
  for (const measured of measurements.filter(({ scenario }) => scenario.comparedWith === GET)) {
    if (!get) continue;
    const onLarge = measured.large && get.large;
    const list = onLarge ? measured.large! : measured;
    const read = onLarge ? get.large! : get;
    const ratio = list.allCpuMicrosPerRequest / read.allCpuMicrosPerRequest;
    judge(
      `list within 1.5x of GET by id${onLarge ? ' on the large fixture' : ', empty database (no large fixture)'} (${measured.scenario.name})`,
      [ratio],
      `${fixed(list.allCpuMicrosPerRequest, 0)} / ${fixed(read.allCpuMicrosPerRequest, 0)} µs = ${fixed(ratio)}x`,
      (value) => value <= 1.5,
    );
  }

  // A tracked link holds the floor's rate: it serves at least the paired floor's saturated rate, every
  // answer a 302 (its steady load then runs at that rate; its p99 there is shown).
  const link = named(LINK);
  if (link) {
    const ratio = link.requestsPerSecond / (link.pairedFloorRequestsPerSecond ?? Number.NaN);
    judge(
      "tracked link redirect holds the floor's rate: req/s ≥ the paired floor's, all 302",
      [ratio, link.non2xx + link.errors === 0 ? 1 : 0],
      `req/s ${fixed(ratio)}x the paired floor, ${link.non2xx + link.errors} other answers; ` +
        `p99 ${link.halfLoad.p99} ms at the floor's ${fixed(link.steadyRate ?? Number.NaN, 0)} req/s`,
      (value) => value >= 1,
    );
  }

  // A batch item costs at most half a single send, all processes counted, on one server and database.
  if (batch) {
    const ratio = batch.batch.allCpuMicrosPerMessage / batch.single.allCpuMicrosPerMessage;
    judge(
      `batch: CPU per accepted message ≤ 0.5x a single send's`,
      [ratio],
      `${fixed(batch.batch.allCpuMicrosPerMessage, 0)} / ${fixed(batch.single.allCpuMicrosPerMessage, 0)} µs = ${fixed(ratio)}x` +
        ` (API process alone ${fixed(batch.batch.cpuMicrosPerMessage / batch.single.cpuMicrosPerMessage)}x)`,
      (value) => value <= 0.5,
    );
  }

  return verdicts.map(lineOf);
}

const lineOf = ({ met, target, value }: Verdict) =>
  `${(met === undefined ? 'n/a' : met ? 'met' : 'MISSED').padEnd(7)} ${target}: ${value}`;

/**
 * The lifecycle's targets, on one run's floor and app (and, scaled with BENCH_WORKERS, the app with
 * more worker processes): CPU per message of every process against the floor's, what a customer
 * and a message wait at half load, and the CPU per message with more workers against one.
 */
export function lifecycleTargetLines(
  floor: LifecycleMeasurement,
  app: LifecycleMeasurement,
  scaledOut?: { workers: number; measured: LifecycleMeasurement },
): string[] {
  const verdict = (target: string, value: number, shown: string, within: boolean): Verdict => ({
    target,
    value: shown,
    met: Number.isFinite(value) ? within : undefined,
  });
  const cpu = app.cpuMicrosPerMessage.all / floor.cpuMicrosPerMessage.all;
  const { half } = app;
  const dispatchP50 = half.dispatchP50 ?? Number.NaN;
  const verdicts = [
    verdict(
      'lifecycle: all-process CPU µs per message within 2x of the floor',
      cpu,
      `${fixed(app.cpuMicrosPerMessage.all, 0)} / ${fixed(floor.cpuMicrosPerMessage.all, 0)} µs = ${fixed(cpu)}x`,
      cpu <= 2,
    ),
    verdict(
      `lifecycle: event to delivery at half load (${fixed(half.rate, 0)}/s) p50 < 1 s`,
      half.eventToDeliveryP50,
      `p50 ${fixed(half.eventToDeliveryP50, 0)} ms`,
      half.eventToDeliveryP50 < 1_000,
    ),
    verdict(
      `lifecycle: event to delivery at half load p99 < 5 s`,
      half.eventToDeliveryP99,
      `p99 ${fixed(half.eventToDeliveryP99, 0)} ms`,
      half.eventToDeliveryP99 < 5_000,
    ),
    verdict(
      'lifecycle: accepted to handed to the carrier at half load p50 < 1 s',
      dispatchP50,
      `p50 ${fixed(dispatchP50, 0)} ms`,
      dispatchP50 < 1_000,
    ),
  ];
  if (scaledOut) {
    const ratio = scaledOut.measured.cpuMicrosPerMessage.all / app.cpuMicrosPerMessage.all;
    verdicts.push(
      verdict(
        `lifecycle: ${scaledOut.workers} worker processes: CPU µs per message within 1.15x of one`,
        ratio,
        `${fixed(scaledOut.measured.cpuMicrosPerMessage.all, 0)} / ${fixed(app.cpuMicrosPerMessage.all, 0)} µs = ${fixed(ratio)}x` +
          ` (worker processes ${fixed(scaledOut.measured.cpuMicrosPerMessage.worker, 0)} / ${fixed(app.cpuMicrosPerMessage.worker, 0)} µs)`,
        ratio <= 1.15,
      ),
    );
  }
  return verdicts.map(lineOf);
}
