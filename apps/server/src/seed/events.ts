import type { SeedContext } from './context';

/** Demo content of the events area (DESIGN §8). */
export async function seedEvents(_seed: SeedContext): Promise<void> {}
