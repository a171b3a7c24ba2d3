/** Is a due date (YYYY-MM-DD) before `today`, in the user's own calendar? Due today is not late yet. */
export function isOverdue(due: string, today: Date): boolean {
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(due) && due < local;
}
