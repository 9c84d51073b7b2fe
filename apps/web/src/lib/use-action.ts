import { useState } from 'react';

type Status = 'idle' | 'pending' | 'success' | 'error';

export interface ActionCallbacks<T> {
  onSuccess?: (data: T) => void;
  onError?: (error: unknown) => void;
}

/**
 * The state of a server call started by a button or form: the part of TanStack Query's useMutation
 * that the entry bundle's screens need (login, logout, agreeing to the terms), without loading the
 * library there. `onDone` runs first on success, then the caller's `onSuccess`.
 */
export function useAction<I, T>(run: (input: I) => Promise<T>, onDone?: (data: T) => void) {
  const [state, setState] = useState<{ status: Status; error: unknown }>({ status: 'idle', error: null });
  const mutate = (input: I, callbacks?: ActionCallbacks<T>) => {
    setState({ status: 'pending', error: null });
    run(input).then(
      (data) => {
        // The state first: a screen re-rendered by onDone's change must already see the success.
        setState({ status: 'success', error: null });
        onDone?.(data);
        callbacks?.onSuccess?.(data);
      },
      (error: unknown) => {
        setState({ status: 'error', error });
        callbacks?.onError?.(error);
      },
    );
  };
  return {
    mutate,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    error: state.error,
  };
}
