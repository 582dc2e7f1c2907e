/**
 * The requests one station started in the last second, over every client it makes: what the station is asking
 * of its nShift account right now. Work that can wait (the local index) reads it and holds back while the second
 * is full, so that scans, the token and the feeds never have to.
 */
export class RequestRate {
  /** Start times of the requests in the last second, oldest first. */
  private readonly starts: number[] = [];

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A request is leaving now (each attempt of a retried one counts). */
  note(): void {
    this.starts.push(this.now());
  }

  /** Requests started in the last second. */
  lastSecond(): number {
    this.forgetOlderThanASecond();
    return this.starts.length;
  }

  /** How long until fewer than `limit` requests are in the last second; 0 when that is already so. */
  msUntilBelow(limit: number): number {
    this.forgetOlderThanASecond();
    const over = this.starts.length - limit;
    if (over < 0) return 0;
    // The oldest `over + 1` starts must leave the window; the last of them decides.
    return Math.max(0, this.starts[over]! + 1000 - this.now());
  }

  private forgetOlderThanASecond(): void {
    const since = this.now() - 1000;
    let expired = 0;
    while (expired < this.starts.length && this.starts[expired]! <= since) expired++;
    if (expired > 0) this.starts.splice(0, expired);
  }
}
