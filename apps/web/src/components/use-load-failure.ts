import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { showFailure } from './alerts';

/** A screen whose data failed to load: the alert, then back to a safe page (A §8). */
export function useLoadFailure(error: unknown, fallbackPath: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!error) return;
    showFailure(error);
    navigate(fallbackPath, { replace: true });
  }, [error, fallbackPath, navigate]);
}
