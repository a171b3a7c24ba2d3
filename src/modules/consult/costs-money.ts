// The sums of a response's time and expenses (docs/consultation.md "Time and expenses"), pure
// and shared by the record and the invoice. Money is whole cents, always integers: a time
// entry's cost is rounded to the cent once, per entry, and only integers are added, so a total
// never drifts by a float's fraction of a cent. Money is typed and shown through kernel/money.ts.

export { formatCents } from '../../kernel/money';

export interface TimeLine {
  hours: number;
  role: string;
}

export interface ExpenseLine {
  /** Whole cents. */
  amount: number;
}

export interface CostTotals {
  hours: number;
  /** Cents: each entry's hours × its role's hourly rate, rounded to the cent. */
  timeCost: number;
  /** Cents: expenses at cost. */
  expenses: number;
  total: number;
  /** Roles with time logged and no rate: their time counts in hours, not in cost. */
  unrated: string[];
}

/** One entry's cost in cents (half a cent rounds up), or null when its role has no rate. */
export function entryCost(hours: number, centsPerHour: number | undefined): number | null {
  if (centsPerHour === undefined) return null;
  return Math.round(hours * centsPerHour);
}

/** The totals of a response's entries at the community's rates (role key → cents per hour). */
export function costTotals(
  time: readonly TimeLine[],
  expenses: readonly ExpenseLine[],
  rates: ReadonlyMap<string, number>,
): CostTotals {
  let hundredths = 0;
  let timeCost = 0;
  const unrated = new Set<string>();
  for (const e of time) {
    // Hours are summed in hundredths so 0.1 + 0.2 reads 0.3.
    hundredths += Math.round(e.hours * 100);
    const c = entryCost(e.hours, rates.get(e.role));
    if (c === null) unrated.add(e.role);
    else timeCost += c;
  }
  const spent = expenses.reduce((sum, x) => sum + x.amount, 0);
  return {
    hours: hundredths / 100,
    timeCost,
    expenses: spent,
    total: timeCost + spent,
    unrated: [...unrated],
  };
}

/** Hours in the reader's language, to two decimals at most ("2.5"). */
export function formatHours(hours: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(hours);
}

/**
 * The rate map from a community's ConsultRate items as read (oldest first: a later rate for the
 * same role replaces an earlier one). What is not a role and a whole number of cents is skipped.
 */
export function ratesFrom(rows: readonly Record<string, unknown>[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows)
    if (typeof r.role === 'string' && Number.isSafeInteger(r.centsPerHour))
      out.set(r.role, r.centsPerHour as number);
  return out;
}

/** Time lines from ConsultTimeEntry items as read (an item without hours or a role counts nothing). */
export function timeLinesFrom(rows: readonly Record<string, unknown>[]): TimeLine[] {
  return rows.flatMap((r) =>
    typeof r.hours === 'number' && typeof r.role === 'string' ? [{ hours: r.hours, role: r.role }] : [],
  );
}

/** Expense lines from ConsultExpense items as read. */
export function expenseLinesFrom(rows: readonly Record<string, unknown>[]): ExpenseLine[] {
  return rows.flatMap((r) => (Number.isSafeInteger(r.amount) ? [{ amount: r.amount as number }] : []));
}
