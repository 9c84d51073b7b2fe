import { createContext, useContext } from 'react';
import type { Operator } from '@renraku/contract/client';

/** Operator-owned texts (app name, company, addresses, external URLs), loaded from /api/config/const at start. */
export const OperatorContext = createContext<Operator | null>(null);

export function useOperator(): Operator {
  const operator = useContext(OperatorContext);
  if (!operator) throw new Error('useOperator outside OperatorContext');
  return operator;
}
