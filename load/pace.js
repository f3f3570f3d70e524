// Time and chance for the simulated users: a shared clock that ends the run, think times that end
// early when the run ends, and weighted choices.

/** The run's clock: `running()` until `stop()` or the end time; `think()` sleeps, cut short by the end. */
export function createPace(durationMs) {
  const endsAt = Date.now() + durationMs;
  let stopped = false;
  const wakers = new Set();
  const endTimer = setTimeout(() => stop(), durationMs);
  function stop() {
    stopped = true;
    clearTimeout(endTimer);
    for (const wake of wakers) wake();
    wakers.clear();
  }
  return {
    running: () => !stopped && Date.now() < endsAt,
    stop,
    /** Resolves when the run ends. */
    untilEnd() {
      return this.think(Math.max(0, endsAt - Date.now()));
    },
    /** Sleeps a random time between minMs and maxMs, or less when the run ends. */
    think(minMs, maxMs = minMs) {
      if (stopped) return Promise.resolve();
      const ms = minMs + Math.random() * (maxMs - minMs);
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          wakers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        wakers.add(wake);
      });
    },
  };
}

/** Picks a key of `weights` ({ name: weight }) at random, in proportion to its weight. */
export function pickWeighted(weights) {
  const entries = Object.entries(weights);
  let roll = Math.random() * entries.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [name, weight] of entries) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return entries[entries.length - 1][0];
}

export const chance = (probability) => Math.random() < probability;
export const pickOne = (items) => items[Math.floor(Math.random() * items.length)];

/** Runs `task(index)` for 0..count-1 with at most `parallel` at a time; resolves the results in order. */
export async function inBatches(count, parallel, task) {
  const results = new Array(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, lane));
  return results;
}
