import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromiumFlags, e2e } from '../e2e/support/env';
import { type Bench, versusTarget } from './bench';
import { startServedApp } from './served-app';

const pagePath = '/user/login';
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const targetScore = 98;
const targetTbtMs = 100;

/** Debian's Chromium with a fresh profile and a DevTools port for Lighthouse to drive it through. */
async function launchChromium(): Promise<{ port: number; close(): Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-bench-chromium-'));
  const browser = spawn(
    e2e.chromium,
    [...chromiumFlags, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise((resolve) => browser.once('exit', resolve));
  const close = async () => {
    if (browser.exitCode === null) browser.kill('SIGTERM');
    await exited;
    fs.rmSync(profile, { recursive: true, force: true });
  };
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    browser.stderr.on('data', (chunk) => {
      output += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    browser.once('exit', (code) => reject(new Error(`Chromium exited with ${code} before listening: ${output}`)));
  }).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  return { port, close };
}

interface Figures {
  score: number;
  tbtMs: number;
  fcpMs: number;
  lcpMs: number;
}

async function audit(url: string): Promise<Figures> {
  const browser = await launchChromium();
  try {
    const result = await lighthouse(
      url,
      { port: browser.port, logLevel: 'error', output: 'json', onlyCategories: ['performance'] },
      desktopConfig,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      tbtMs: metric('total-blocking-time'),
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
    };
  } finally {
    await browser.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export default {
  name: 'lighthouse',
  description: `Lighthouse performance of ${pagePath}, desktop preset, Debian's Chromium, median of ${runs} runs`,
  async run() {
    const app = await startServedApp();
    const results: Figures[] = [];
    try {
      for (let run = 1; run <= runs; run++) {
        const figures = await audit(`${app.url}${pagePath}`);
        results.push(figures);
        console.log(
          `  run ${run}: score ${figures.score}, TBT ${figures.tbtMs.toFixed(0)} ms, FCP ${figures.fcpMs.toFixed(0)} ms, LCP ${figures.lcpMs.toFixed(0)} ms`,
        );
      }
    } finally {
      await app.stop();
    }
    const score = median(results.map((r) => r.score));
    const tbt = median(results.map((r) => r.tbtMs));
    console.log(`performance score: ${versusTarget(String(score), score >= targetScore, `>= ${targetScore}`)}`);
    console.log(
      `total blocking time: ${versusTarget(`${tbt.toFixed(0)} ms`, tbt <= targetTbtMs, `<= ${targetTbtMs} ms`)}`,
    );
    console.log(`first contentful paint: ${median(results.map((r) => r.fcpMs)).toFixed(0)} ms`);
    console.log(`largest contentful paint: ${median(results.map((r) => r.lcpMs)).toFixed(0)} ms`);
  },
} satisfies Bench;
