import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { showFailure } from '../../../components/alerts';

/** A screen whose data failed to load: the alert, then back to a safe page (A §8). */
export function useLoadFailure(error: unknown, fallbackPath: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!error) return;
    showFailure(error);
    navigate(fallbackPath, { replace: true });
  }, [error, fallbackPath, navigate]);
}

/** A route id parameter as a positive integer, or null. */
export function idFrom(value: string | undefined): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}
