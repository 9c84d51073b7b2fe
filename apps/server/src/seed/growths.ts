import type { SeedContext } from './context';

/** Demo content of the growths area (DESIGN §8). */
export async function seedGrowths(_seed: SeedContext): Promise<void> {}
