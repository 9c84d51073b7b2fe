import type { SeedContext } from './context';

/** Demo content of the schedules area (DESIGN §8). */
export async function seedSchedules(_seed: SeedContext): Promise<void> {}
