/**
 * Each member's least time between two scheduled badges (counters-sender.ts): when a member's last
 * badge was counted, and the members held until their gap has passed. A held member is released
 * with those counted at the same moment before it, gapMs after that moment: under a steady load the
 * releases keep the counts' own rhythm and size, where one timer for everyone held made one large
 * count each gap (bench/README.md B3: the p99 at 1,000 msg/s went from about 20 to 46-66 ms).
 */
export type BadgeGaps = {
  /** The member's last badge was counted less than the gap ago: this one must wait. */
  recent(userId: string, now: number): boolean;
  /** These members' badges are counted now. */
  counted(userIds: readonly string[], now: number): void;
  /** These (recent) members wait for their gap; `release` gets them once it has passed. */
  hold(userIds: readonly string[]): void;
  stop(): void;
};

export function createBadgeGaps(gapMs: number, release: (userIds: string[]) => void): BadgeGaps {
  /** When each member's last badge was counted, oldest first (a member counted again moves last). */
  const countedAt = new Map<string, number>();
  const held = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;

  /** The release timer at `due` unless it fires sooner already. */
  function armAt(due: number, now: number) {
    if (timer && timerAt <= due) return;
    clearTimeout(timer);
    timerAt = due;
    timer = setTimeout(releaseDue, Math.max(0, due - now)).unref();
  }

  function releaseDue() {
    timer = undefined;
    timerAt = Infinity;
    const now = Date.now();
    const ready: string[] = [];
    for (const [id, at] of countedAt) {
      if (now - at < gapMs) break;
      countedAt.delete(id);
      if (held.delete(id)) ready.push(id);
    }
    if (ready.length > 0) release(ready);
    // The next release: the first held member's, the map being in counting order.
    for (const [id, at] of countedAt) {
      if (held.has(id)) return armAt(at + gapMs, now);
    }
  }

  return {
    recent: (userId, now) => now - (countedAt.get(userId) ?? -Infinity) < gapMs,
    counted(userIds, now) {
      for (const [id, at] of countedAt) {
        if (now - at < gapMs) break;
        // A held one's time stays: its release is found by it.
        if (!held.has(id)) countedAt.delete(id);
      }
      for (const id of userIds) {
        countedAt.delete(id);
        countedAt.set(id, now);
      }
    },
    hold(userIds) {
      const now = Date.now();
      for (const id of userIds) {
        const at = countedAt.get(id);
        if (at === undefined) continue;
        held.add(id);
        armAt(at + gapMs, now);
      }
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      held.clear();
      countedAt.clear();
    },
  };
}
