/**
 * `npm run bench:pacing -w @textline/api`: a paced campaign-sized burst on the sandbox carrier, in
 * one embedded process, with a sender pool of 1 and of 10 numbers. Reports, per pool, the achieved
 * hand-off rate of each number against its throughput_per_second (never above it), the error of
 * each message's estimated_send_at against its hand-off, and the CPU per message of the whole send
 * and dispatch, paced against unpaced (SENDER_PACING=off) on the same workload.
 *
 * BENCH_PACING_MESSAGES (default 200) and BENCH_PACING_THROUGHPUT (segments a second per number,
 * default 10) keep the run short: the pace itself, not the numbers' real 1 a second, is measured.
 */
import { loadConfig } from '../src/config.ts';
import { sendMessage } from '../src/domain/messages/send.ts';
import { createServices } from '../src/services.ts';
import { pacedWorkspace, quantile } from './paced-workspace.ts';

const messages = Math.min(Number(process.env.BENCH_PACING_MESSAGES ?? 200), 8_999);
const throughput = Number(process.env.BENCH_PACING_THROUGHPUT ?? 10);

type Result = {
  pacing: 'on' | 'off';
  numbers: number;
  seconds: number;
  cpuMsPerMessage: number;
  maxRatePerNumber: number;
  estimateErrorP50Ms: number;
  estimateErrorMaxMs: number;
};

async function run(pacing: 'on' | 'off', numbers: number): Promise<Result> {
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'error',
    SENDER_PACING: pacing,
    SANDBOX_DELAY_MS: '600000',
    JOB_SWEEP_INTERVAL_MS: '100',
  });
  const services = await createServices(config);
  try {
    const workspaceId = await pacedWorkspace(services, { numbers, throughputPerSecond: throughput });
    await services.jobs.start();
    const cpuBefore = process.cpuUsage();
    const started = Date.now();
    const estimates = new Map<string, number>();
    for (let index = 0; index < messages; index += 1) {
      const { message } = await sendMessage(
        services,
        { workspaceId },
        { phoneNumber: `+1212555${String(1000 + index)}`, body: 'Your table is ready.' },
        { source: 'api' },
      );
      estimates.set(message.id, Date.parse(message.estimated_send_at ?? new Date().toISOString()));
    }
    while ((await services.prisma.sandboxMessage.count()) < messages) await new Promise((resolve) => setTimeout(resolve, 50));
    const cpu = process.cpuUsage(cpuBefore);
    const seconds = (Date.now() - started) / 1000;
    const received = await services.prisma.sandboxMessage.findMany({ orderBy: { createdAt: 'asc' } });
    // The fastest number: its hand-offs over the span from its first to its last.
    const byNumber = new Map<string, number[]>();
    for (const message of received)
      byNumber.set(message.fromNumber, [...(byNumber.get(message.fromNumber) ?? []), message.createdAt.getTime()]);
    const rates = [...byNumber.values()].map((times) =>
      times.length < 2 ? 0 : ((times.length - 1) * 1000) / (times.at(-1)! - times[0]!),
    );
    const errors = received.map((message) => Math.abs(message.createdAt.getTime() - estimates.get(message.messageId)!));
    return {
      pacing,
      numbers,
      seconds,
      cpuMsPerMessage: (cpu.user + cpu.system) / 1000 / messages,
      maxRatePerNumber: Math.max(...rates),
      estimateErrorP50Ms: quantile(errors, 0.5),
      estimateErrorMaxMs: Math.max(...errors),
    };
  } finally {
    await services.close();
  }
}

const results: Result[] = [];
for (const numbers of [1, 10]) for (const pacing of ['off', 'on'] as const) results.push(await run(pacing, numbers));
console.log(`${messages} messages, throughput ${throughput}/s per number (limit)`);
console.table(results);
for (const numbers of [1, 10]) {
  const [off, on] = [
    results.find((r) => r.numbers === numbers && r.pacing === 'off')!,
    results.find((r) => r.numbers === numbers && r.pacing === 'on')!,
  ];
  console.log(`pool of ${numbers}: CPU per message paced/unpaced ${(on.cpuMsPerMessage / off.cpuMsPerMessage).toFixed(2)}x`);
}
