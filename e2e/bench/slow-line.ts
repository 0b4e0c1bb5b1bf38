import type { CDPSession } from 'playwright-core';

/**
 * The line and the CPU the portal's benches and traces run on: slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s
 * up) and a CPU 4x slower than this machine's, as a mid-range phone on a bank branch's line.
 */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
export const CPU_SLOWDOWN = 4;

/** Puts a page on that line and CPU, with the HTTP cache off (every load is a first visit's). */
export async function slowDown(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** An event of Chromium's trace, as the trace tools read it. */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string; documentLoaderURL?: string } };
}

/** A CPU profile of the page's main thread (CDP `Profiler.stop`), on the trace's clock (µs). */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
