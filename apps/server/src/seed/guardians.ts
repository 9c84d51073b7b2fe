import type { SeedContext } from './context';

/** Demo content of the guardians area (DESIGN §8). */
export async function seedGuardians(_seed: SeedContext): Promise<void> {}
