import { useCallback, useEffect } from 'react';
import { useLocation } from '@home-energy/shared/router';
import {
  defaultLoanSettings,
  useGetBrandConfigQuery,
  useRecordInteractionMutation,
  type LoanProvider,
  type LoanType,
} from '@home-energy/shared';
import { afterNextPaint } from '../../../lib/after-next-paint';
import { useLoanSettings } from './loan-settings';

const lenderOf = ({ data }: { data?: { config: { financial_providers?: LoanProvider[] } } }) => ({
  provider: data?.config.financial_providers?.[0] ?? null,
});

/** The brand's first financial provider (brand config), asked for the way the shell's theme asks (same cache entry). */
function useBrandLender() {
  const { search } = useLocation();
  const owner = new URLSearchParams(search).get('owner')?.toLowerCase() || undefined;
  // Only the lender is read: the config's loading steps and other fields re-render nothing.
  return useGetBrandConfigQuery(owner, { selectFromResult: lenderOf }).provider;
}

const NO_RESULT = {};

/** The dashboard's loan settings, defaulted from the brand's lender, with every change of loan type recorded. */
export function useFinancing(propertyId: number) {
  const provider = useBrandLender();
  const loan = useLoanSettings();
  // Nothing on the page shows the recording's progress: its answer re-renders nothing (the change stays cheap).
  const [recordInteraction] = useRecordInteractionMutation({ selectFromResult: () => NO_RESULT });
  const { applyDefaults } = loan;

  // The brand's lender sets the private loan's default rate (and its slider limits) once its config has arrived.
  useEffect(() => {
    if (provider) applyDefaults({ privateLoanInterest: defaultLoanSettings('Private', provider).privateLoanInterest });
  }, [provider, applyDefaults]);

  const { loanType } = loan.settings;
  const { setLoanType } = loan;
  const changeLoanType = useCallback(
    (next: LoanType) => {
      if (next === loanType) return;
      setLoanType(next);
      // docs/product.md §4: every change is recorded; a lost interaction must not disturb the homeowner. After the
      // next frame: the store update of a mutation re-runs every subscribed selector, synchronously, in the click.
      afterNextPaint(() => {
        void recordInteraction({ action: 'loan_type.change', object: next, property_id: propertyId })
          .unwrap()
          .catch(() => undefined);
      });
    },
    [loanType, setLoanType, recordInteraction, propertyId],
  );

  return { loan, provider, changeLoanType };
}
