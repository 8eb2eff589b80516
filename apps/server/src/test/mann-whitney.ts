/**
 * The Mann-Whitney U test (Wilcoxon rank-sum), two-sided, for timing tests: does one side tend to
 * take longer than the other? Ranks make it indifferent to the long tail of a shared machine's
 * latencies (a few 50 ms stalls move a mean, not a rank sum). Normal approximation with the tie and
 * continuity corrections, accurate for the hundreds of samples such tests take.
 */
export type RankTest = { u: number; z: number; p: number };

export function mannWhitneyU(a: readonly number[], b: readonly number[]): RankTest {
  const n1 = a.length;
  const n2 = b.length;
  if (n1 === 0 || n2 === 0) throw new Error('mannWhitneyU: both samples need values');
  const all = [...a.map((value) => ({ value, first: true })), ...b.map((value) => ({ value, first: false }))];
  all.sort((x, y) => x.value - y.value);

  // Mid-ranks for ties; the tie term corrects the variance.
  let rankSumA = 0;
  let tieTerm = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]!.value === all[i]!.value) j++;
    const rank = (i + j + 2) / 2;
    const size = j - i + 1;
    tieTerm += size ** 3 - size;
    for (let k = i; k <= j; k++) if (all[k]!.first) rankSumA += rank;
    i = j + 1;
  }

  const n = n1 + n2;
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const mean = (n1 * n2) / 2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (variance === 0) return { u, z: 0, p: 1 };
  const distance = Math.max(0, Math.abs(u - mean) - 0.5);
  const z = (Math.sign(u - mean) * distance) / Math.sqrt(variance);
  return { u, z, p: Math.min(1, erfc(Math.abs(z) / Math.SQRT2)) };
}

/**
 * The complementary error function (Numerical Recipes' Chebyshev fit, relative error below 1.2e-7
 * everywhere): p-values far into the tail stay meaningful, unlike 1 - erf.
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + z / 2);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
