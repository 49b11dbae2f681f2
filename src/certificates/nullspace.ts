// The exact rational nullspace of an integer matrix (issue 41, the fitted guesses of
// fitted-guesses.ts): Gaussian elimination over BigInt fractions to reduced row echelon form, one basis
// vector per free column, each scaled to coprime integers. Every vector v has M·v = 0 exactly for the
// matrix M given (the rows are samples, the columns monomials: Σ v_k m_k = 0 on every sample).
// Soundness: none needed; the vectors become guesses, which Houdini and the checker judge.

function absolute(value: bigint): bigint {
  return value < 0n ? -value : value;
}

export function greatestCommonDivisor(left: bigint, right: bigint): bigint {
  let first = absolute(left);
  let second = absolute(right);
  while (second !== 0n) [first, second] = [second, first % second];
  return first;
}

/** the row divided by the common divisor of its entries */
function primitive(row: bigint[]): bigint[] {
  const divisor = row.reduce((common, value) => (common === 1n ? 1n : greatestCommonDivisor(common, value)), 0n);
  return divisor > 1n ? row.map((value) => value / divisor) : row;
}

/** a basis of { v : rows · v = 0 } as integer vectors with coprime entries (empty when only v = 0) */
export function integerNullspace(rows: readonly (readonly bigint[])[], columns: number): bigint[][] {
  // fraction-free elimination to a reduced echelon form: each pivot row is an integer row whose pivot
  // column is zero in every other row
  const matrix = rows.map((row) => primitive([...row]));
  const pivotColumns: number[] = [];
  let rank = 0;
  for (let column = 0; column < columns && rank < matrix.length; column++) {
    const pivotRow = matrix.findIndex((row, index) => index >= rank && row[column] !== 0n);
    if (pivotRow < 0) continue;
    [matrix[rank], matrix[pivotRow]] = [matrix[pivotRow]!, matrix[rank]!];
    const pivot = matrix[rank]!;
    for (let other = 0; other < matrix.length; other++) {
      const factor = matrix[other]![column]!;
      if (other === rank || factor === 0n) continue;
      const scale = pivot[column]!;
      matrix[other] = primitive(matrix[other]!.map((entry, position) => entry * scale - factor * pivot[position]!));
    }
    pivotColumns.push(column);
    rank++;
  }
  const basis: bigint[][] = [];
  for (let free = 0; free < columns; free++) {
    if (pivotColumns.includes(free)) continue;
    // v[free] = L, v[pivot column of row r] = −row_r[free] · L / pivot_r, with L a common multiple of the pivots
    let multiple = 1n;
    pivotColumns.forEach((pivotColumn, row) => {
      const pivot = absolute(matrix[row]![pivotColumn]!);
      multiple = (multiple * pivot) / greatestCommonDivisor(multiple, pivot);
    });
    const vector: bigint[] = Array.from({ length: columns }, () => 0n);
    vector[free] = multiple;
    pivotColumns.forEach((pivotColumn, row) => {
      vector[pivotColumn] = (-matrix[row]![free]! * multiple) / matrix[row]![pivotColumn]!;
    });
    basis.push(primitive(vector));
  }
  return basis;
}
