import { CALIBRATION_FEATURES, type ConfidenceCalibration } from '../src/index.js';

/** One training row: calibrated feature vector of a top candidate and whether it was right. */
export interface CalibrationRow {
  readonly x: readonly number[];
  readonly y: 0 | 1;
}

/**
 * L2-regularised logistic regression by full-batch gradient descent. Deterministic (zero start), so
 * the same rows always give the same calibration.
 */
export function fitCalibration(rows: readonly CalibrationRow[], l2 = 0.01, steps = 4000, rate = 0.5) {
  const d = CALIBRATION_FEATURES.length;
  const w = new Array<number>(d + 1).fill(0);
  const n = Math.max(1, rows.length);
  for (let step = 0; step < steps; step++) {
    const g = new Array<number>(d + 1).fill(0);
    for (const { x, y } of rows) {
      let z = w[0] ?? 0;
      for (let j = 0; j < d; j++) z += (w[j + 1] ?? 0) * (x[j] ?? 0);
      const err = 1 / (1 + Math.exp(-z)) - y;
      g[0] = (g[0] ?? 0) + err;
      for (let j = 0; j < d; j++) g[j + 1] = (g[j + 1] ?? 0) + err * (x[j] ?? 0);
    }
    for (let j = 0; j <= d; j++) {
      const reg = j === 0 ? 0 : l2 * (w[j] ?? 0);
      w[j] = (w[j] ?? 0) - rate * ((g[j] ?? 0) / n + reg);
    }
  }
  const weights: Record<string, number> = {};
  CALIBRATION_FEATURES.forEach((k, j) => {
    weights[k] = Number((w[j + 1] ?? 0).toFixed(3));
  });
  return { bias: Number((w[0] ?? 0).toFixed(3)), weights } as ConfidenceCalibration;
}
