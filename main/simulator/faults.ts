/**
 * Fault injection: latency (fixed or spikes), failing the next N calls, dropping the connection after a
 * booking was committed, expiring every token, and a seeded random mix for soak tests. Everything is
 * deterministic for a given seed and call order.
 */
import { createRandom, type Random } from './random';

/** `*` matches one path segment, `**` anything; matched against the path below `/rs-extapi/v1`. */
export type PathPattern = string | RegExp;

export interface Matcher {
  method?: string;
  path?: PathPattern;
}

export interface LatencyRuleInput extends Matcher {
  ms: number;
  /** Only every Nth matching call is slowed (a spike). */
  every?: number;
  /** Each matching call is slowed with this probability, drawn from `seed`. */
  probability?: number;
  seed?: number;
}

export interface FailRuleInput extends Matcher {
  status?: number;
  /** JSON body to answer with; default `{code: "INTERNAL", message}` (401/404 answer empty). */
  body?: unknown;
  /**
   * A body that is not JSON, sent as it is with `contentType` (default `text/html`): what a load balancer's
   * maintenance page or a proxy puts where nShift's answer should be. Wins over `body`.
   */
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface RandomFaultsInput {
  seed: number;
  serverErrorRate?: number;
  dropAfterCommitRate?: number;
  spikeRate?: number;
  spikeMs?: number;
}

interface LatencyRule extends LatencyRuleInput {
  id: string;
  regex?: RegExp;
  seen: number;
  rng?: Random;
}

interface FailRule extends FailRuleInput {
  id: string;
  regex?: RegExp;
  remaining: number;
}

interface DropRule extends Matcher {
  id: string;
  regex?: RegExp;
  remaining: number;
}

export interface FaultStats {
  delayedCalls: number;
  spikes: number;
  failedCalls: number;
  droppedAfterCommit: number;
  randomServerErrors: number;
}

export interface InjectedFailure {
  status: number;
  body?: unknown;
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export function compilePattern(pattern: PathPattern | undefined): RegExp | undefined {
  if (pattern === undefined) return undefined;
  if (pattern instanceof RegExp) return pattern;
  const source = pattern
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*');
  return new RegExp(`^${source}/?$`);
}

function matches(rule: { method?: string; regex?: RegExp }, method: string, path: string): boolean {
  if (rule.method && rule.method.toUpperCase() !== method) return false;
  return !rule.regex || rule.regex.test(path);
}

export class Faults {
  private latencies: LatencyRule[] = [];
  private failures: FailRule[] = [];
  private drops: DropRule[] = [];
  private randomMode: (Required<RandomFaultsInput> & { rng: Random }) | undefined;
  private nextRuleId = 1;
  stats: FaultStats = {
    delayedCalls: 0,
    spikes: 0,
    failedCalls: 0,
    droppedAfterCommit: 0,
    randomServerErrors: 0,
  };

  constructor(private readonly onExpireTokens: () => void) {}

  private id(prefix: string): string {
    return `${prefix}-${this.nextRuleId++}`;
  }

  /** Slow matching calls by `ms` (every call, every Nth, or with a seeded probability). */
  latency(rule: LatencyRuleInput): string {
    const id = this.id('latency');
    this.latencies.push({
      ...rule,
      id,
      regex: compilePattern(rule.path),
      seen: 0,
      rng: rule.probability !== undefined ? createRandom(rule.seed ?? 1) : undefined,
    });
    return id;
  }

  /** Answer the next `count` matching calls with `status` instead of handling them (nothing is created). */
  failNext(count: number, rule: FailRuleInput = {}): string {
    const id = this.id('fail');
    this.failures.push({ ...rule, id, regex: compilePattern(rule.path), remaining: count });
    return id;
  }

  /** The next `count` matching bookings are committed, then the connection is reset before any answer. */
  dropAfterCommit(count = 1, rule: Matcher = {}): string {
    const id = this.id('drop');
    this.drops.push({ ...rule, id, regex: compilePattern(rule.path), remaining: count });
    return id;
  }

  expireAllTokens(): void {
    this.onExpireTokens();
  }

  random(input: RandomFaultsInput): void {
    this.randomMode = {
      seed: input.seed,
      serverErrorRate: input.serverErrorRate ?? 0,
      dropAfterCommitRate: input.dropAfterCommitRate ?? 0,
      spikeRate: input.spikeRate ?? 0,
      spikeMs: input.spikeMs ?? 0,
      rng: createRandom(input.seed),
    };
  }

  clear(): void {
    this.latencies = [];
    this.failures = [];
    this.drops = [];
    this.randomMode = undefined;
  }

  describe(): unknown {
    const strip = <T extends { regex?: RegExp; rng?: Random; path?: PathPattern }>(r: T) => {
      const { regex: _regex, rng: _rng, ...rest } = r;
      return { ...rest, path: r.path instanceof RegExp ? r.path.source : r.path };
    };
    return {
      latencies: this.latencies.map(strip),
      failures: this.failures.map(strip),
      drops: this.drops.map(strip),
      random: this.randomMode ? { ...this.randomMode, rng: undefined } : null,
      stats: this.stats,
    };
  }

  /** Extra delay for this call, in ms. */
  delayFor(method: string, path: string): number {
    let total = 0;
    for (const rule of this.latencies) {
      if (!matches(rule, method, path)) continue;
      rule.seen += 1;
      const hit = rule.every
        ? rule.seen % rule.every === 0
        : rule.rng
          ? rule.rng() < (rule.probability ?? 0)
          : true;
      if (hit) {
        total += rule.ms;
        if (rule.every || rule.rng) this.stats.spikes += 1;
      }
    }
    if (
      this.randomMode &&
      this.randomMode.spikeRate > 0 &&
      this.randomMode.rng() < this.randomMode.spikeRate
    ) {
      total += this.randomMode.spikeMs;
      this.stats.spikes += 1;
    }
    if (total > 0) this.stats.delayedCalls += 1;
    return total;
  }

  /** A failure to answer with instead of handling the call, if one is due. */
  takeFailure(method: string, path: string): InjectedFailure | undefined {
    const rule = this.failures.find((r) => r.remaining > 0 && matches(r, method, path));
    if (rule) {
      rule.remaining -= 1;
      if (rule.remaining === 0) this.failures = this.failures.filter((r) => r !== rule);
      this.stats.failedCalls += 1;
      const { status = 500, body, text, contentType, headers } = rule;
      return { status, body, text, contentType, headers };
    }
    if (
      this.randomMode &&
      this.randomMode.serverErrorRate > 0 &&
      this.randomMode.rng() < this.randomMode.serverErrorRate
    ) {
      this.stats.randomServerErrors += 1;
      return { status: 500 };
    }
    return undefined;
  }

  /** Whether to reset the connection of this committed booking instead of answering. */
  takeDropAfterCommit(method: string, path: string): boolean {
    const rule = this.drops.find((r) => r.remaining > 0 && matches(r, method, path));
    if (rule) {
      rule.remaining -= 1;
      if (rule.remaining === 0) this.drops = this.drops.filter((r) => r !== rule);
      this.stats.droppedAfterCommit += 1;
      return true;
    }
    if (
      this.randomMode &&
      this.randomMode.dropAfterCommitRate > 0 &&
      this.randomMode.rng() < this.randomMode.dropAfterCommitRate
    ) {
      this.stats.droppedAfterCommit += 1;
      return true;
    }
    return false;
  }
}
