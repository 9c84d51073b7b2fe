import type { SeedContext } from './context';

/** Demo content of the push area (DESIGN §8). */
export async function seedPush(_seed: SeedContext): Promise<void> {}
