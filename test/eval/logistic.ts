/** Weighted, L2-regularised logistic regression by Newton's method, for the offline fits. */
export interface Example {
  /** Features with a trailing 1 for the intercept. */
  x: number[];
  y: 0 | 1;
  weight: number;
}

export function fitLogistic(data: Example[], l2 = 1e-3, iterations = 25): number[] {
  const n = data[0].x.length;
  const w = new Array(n).fill(0);
  const scale = data.reduce((a, d) => a + d.weight, 0);
  for (let iter = 0; iter < iterations; iter++) {
    const grad = new Array(n).fill(0);
    const hess = Array.from({ length: n }, () => new Array(n).fill(0));
    for (const d of data) {
      const p = sigmoid(d.x.reduce((a, v, i) => a + v * w[i], 0));
      for (let i = 0; i < n; i++) {
        grad[i] += d.weight * (p - d.y) * d.x[i];
        for (let j = 0; j < n; j++) hess[i][j] += d.weight * p * (1 - p) * d.x[i] * d.x[j];
      }
    }
    // The intercept (last) is not regularised.
    for (let i = 0; i < n - 1; i++) {
      grad[i] += l2 * scale * w[i];
      hess[i][i] += l2 * scale;
    }
    const step = solve(hess, grad);
    for (let i = 0; i < n; i++) w[i] -= step[i];
  }
  return w;
}

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c || !m[c][c]) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => (row[i] ? row[n] / row[i] : 0));
}
