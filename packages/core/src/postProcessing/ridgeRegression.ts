/**
 * Least squares with a ridge (L2) penalty per coefficient, solved through the normal equations
 * (XᵀX + diag(penalties)) β = Xᵀy by a Cholesky factorisation. The models fitted here have at most a few dozen
 * columns, so a dense p×p solve is both simplest and fast; the penalty keeps the system positive definite even when
 * columns are collinear (Fourier terms aliased by coarse sampling, more terms than points).
 */
export interface RidgeFit {
  coefficients: number[];
  /** x · (XᵀX + Λ)⁻¹ · x for a design row: its leverage, which grows as a prediction leaves the data. */
  leverage(row: readonly number[]): number;
}

// A floor on every penalty, relative to the matrix's scale, so an unpenalised but degenerate column cannot break it.
const JITTER = 1e-10;

function cholesky(matrix: number[][]): number[][] {
  const p = matrix.length;
  const lower = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  for (let i = 0; i < p; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let acc = matrix[i]![j]!;
      for (let k = 0; k < j; k += 1) acc -= lower[i]![k]! * lower[j]![k]!;
      if (i === j) lower[i]![i] = Math.sqrt(Math.max(acc, Number.MIN_VALUE));
      else lower[i]![j] = acc / lower[j]![j]!;
    }
  }
  return lower;
}

/** Solves L Lᵀ x = b. */
function choleskySolve(lower: number[][], b: readonly number[]): number[] {
  const p = lower.length;
  const z = new Array<number>(p).fill(0);
  for (let i = 0; i < p; i += 1) {
    let acc = b[i]!;
    for (let k = 0; k < i; k += 1) acc -= lower[i]![k]! * z[k]!;
    z[i] = acc / lower[i]![i]!;
  }
  const x = new Array<number>(p).fill(0);
  for (let i = p - 1; i >= 0; i -= 1) {
    let acc = z[i]!;
    for (let k = i + 1; k < p; k += 1) acc -= lower[k]![i]! * x[k]!;
    x[i] = acc / lower[i]![i]!;
  }
  return x;
}

export function ridgeRegression(design: readonly (readonly number[])[], y: readonly number[], penalties: readonly number[]): RidgeFit {
  const p = penalties.length;
  const gram = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const moment = new Array<number>(p).fill(0);
  design.forEach((row, r) => {
    for (let i = 0; i < p; i += 1) {
      const xi = row[i]!;
      if (xi === 0) continue;
      moment[i] = moment[i]! + xi * y[r]!;
      const gramRow = gram[i]!;
      for (let j = 0; j <= i; j += 1) gramRow[j] = gramRow[j]! + xi * row[j]!;
    }
  });
  let trace = 0;
  for (let i = 0; i < p; i += 1) trace += gram[i]![i]!;
  const floor = JITTER * Math.max(trace / Math.max(p, 1), 1);
  for (let i = 0; i < p; i += 1) {
    gram[i]![i] = gram[i]![i]! + Math.max(penalties[i]!, floor);
    for (let j = 0; j < i; j += 1) gram[j]![i] = gram[i]![j]!;
  }
  const lower = cholesky(gram);
  return {
    coefficients: choleskySolve(lower, moment),
    leverage(row) {
      const v = choleskySolve(lower, row);
      let acc = 0;
      for (let i = 0; i < p; i += 1) acc += row[i]! * v[i]!;
      return acc;
    },
  };
}
