import { useCallback, useMemo, useReducer, useRef } from 'react';
import { defaultLoanSettings, withLoanType, type LoanSettings, type LoanType } from '@home-energy/shared';

type Changes = Partial<Omit<LoanSettings, 'loanType'>>;
type Action = { type: 'loanType'; loanType: LoanType } | { type: 'set'; changes: Changes };

function reducer(state: LoanSettings, action: Action): LoanSettings {
  switch (action.type) {
    case 'loanType':
      return withLoanType(state, action.loanType);
    case 'set':
      return { ...state, ...action.changes };
  }
}

/** The homeowner's financing choices, shared by every recommendation on the dashboard. */
export function useLoanSettings(initial?: LoanSettings) {
  const [settings, dispatch] = useReducer(reducer, initial ?? defaultLoanSettings());
  const touched = useRef(new Set<keyof Changes>());
  const setLoanType = useCallback((loanType: LoanType) => dispatch({ type: 'loanType', loanType }), []);
  /** What the homeowner sets. */
  const change = useCallback((changes: Changes) => {
    for (const key of Object.keys(changes) as (keyof Changes)[]) touched.current.add(key);
    dispatch({ type: 'set', changes });
  }, []);
  /** Defaults that arrive later (the brand's lender): they never overwrite what the homeowner set. */
  const applyDefaults = useCallback((defaults: Changes) => {
    const untouched = Object.fromEntries(
      Object.entries(defaults).filter(([key]) => !touched.current.has(key as keyof Changes)),
    );
    if (Object.keys(untouched).length > 0) dispatch({ type: 'set', changes: untouched });
  }, []);
  // The same object while nothing changed: the dashboard's deferred content compares it by reference.
  return useMemo(
    () => ({ settings, setLoanType, change, applyDefaults }),
    [settings, setLoanType, change, applyDefaults],
  );
}

export type LoanSettingsControl = ReturnType<typeof useLoanSettings>;
