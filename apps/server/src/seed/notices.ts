import type { SeedContext } from './context';

/** Demo content of the notices area (DESIGN §8). */
export async function seedNotices(_seed: SeedContext): Promise<void> {}
