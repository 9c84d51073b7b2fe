import { useSearchParams } from 'react-router';

/** The day a form is for, kept in `?date=` (so reload and back keep it); default `fallback`. */
export function useDateParam(fallback: string): [string, (date: string) => void] {
  const [params, setParams] = useSearchParams();
  const setDate = (date: string) =>
    setParams(
      (p) => {
        p.set('date', date);
        return p;
      },
      { replace: true },
    );
  return [params.get('date') ?? fallback, setDate];
}
