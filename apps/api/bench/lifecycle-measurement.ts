/** What the lifecycle block measures of one side (the floor, the app, the app with more workers). */

export type DatabaseWork = { transactions: number; rowsWritten: number };

export type Groups = { api: number[]; worker: number[]; postgres: number[]; redis: number[] };
export type CpuByGroup = Record<keyof Groups, number>;

export type LifecycleMeasurement = {
  messages: number;
  acceptSeconds: number;
  seconds: number;
  /** Messages whose two webhooks reached the sink, and sends refused or failed. */
  completed: number;
  failedSends: number;
  cpuMicrosPerMessage: CpuByGroup & { all: number };
  /** Transactions and rows inserted, updated or deleted per message, over every message the side sent (scaled). */
  databaseWorkPerMessage?: DatabaseWork;
  peakRssMb: number;
  half: {
    rate: number;
    sent: number;
    failedSends: number;
    eventToDeliveryP50: number;
    eventToDeliveryP99: number;
    acceptP50: number;
    acceptP99: number;
    dispatchP50?: number;
    dispatchP99?: number;
  };
};
