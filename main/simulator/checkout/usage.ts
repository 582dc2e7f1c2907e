/** Usage metrics: counted per UTC day by the sim clock, answered as CSV for an inclusive date range. */
import type { SimContext } from '../context';
import { formatDate } from '../format';
import type { UsageDay } from './state';

export function countUsage(ctx: SimContext, what: keyof UsageDay, by = 1): void {
  const day = formatDate(ctx.clock.now());
  const usage = ctx.state.checkout.usage;
  const row = usage.get(day) ?? { tokens: 0, sessions: 0, optionRequests: 0, partialShipments: 0 };
  row[what] += by;
  usage.set(day, row);
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A year and a day is plenty for a report; a longer range is refused rather than answered slowly. */
export const MAX_METRICS_DAYS = 366;

/** One row per day from `from` to `to`, both included (equal dates give one day), days without use as zeros. */
export function usageCsv(usage: Map<string, UsageDay>, from: string, to: string): string {
  const rows = ['date,tokens,sessions,optionRequests,partialShipments'];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    const day = formatDate(t);
    const u = usage.get(day);
    rows.push(
      `${day},${u?.tokens ?? 0},${u?.sessions ?? 0},${u?.optionRequests ?? 0},${u?.partialShipments ?? 0}`,
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}
