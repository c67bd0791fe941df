/** What a timer's run over the houses says about the houses it could not do. */
export interface HouseFailure {
  houseID: string;
  error: string;
}

/** A house's counts: the run summary's number fields (written, alreadyWritten…). */
type HouseCounts<S> = { [P in keyof S as S[P] extends number ? P : never]?: number };

/**
 * A timer's work house by house (reminders of every kind): each house's counts are added to the run's
 * summary, and one house's failure is recorded there without stopping the others (the next run catches up).
 */
export async function houseByHouse<T, S extends { failed: HouseFailure[] }>(
  items: Iterable<T>,
  houseIDOf: (item: T) => string,
  summary: S,
  work: (item: T) => Promise<HouseCounts<S>>,
): Promise<void> {
  const counts = summary as unknown as Record<string, number>;
  for (const item of items) {
    try {
      const outcome: Record<string, number | undefined> = await work(item);
      for (const [key, value] of Object.entries(outcome)) counts[key] = (counts[key] ?? 0) + (value ?? 0);
    } catch (error) {
      summary.failed.push({
        houseID: houseIDOf(item),
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
