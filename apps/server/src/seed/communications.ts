import type { SeedContext } from './context';

/** Demo content of the communications area (DESIGN §8). */
export async function seedCommunications(_seed: SeedContext): Promise<void> {}
