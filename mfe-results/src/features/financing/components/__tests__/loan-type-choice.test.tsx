import '../../../../testing/setup-dom';
import { Suspense, use, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@home-energy/shared/testing/render-remote';
import type { LoanType } from '@home-energy/shared';
import { texts } from '../../../../testing/render-results';
import { LoanTypeChoice } from '../loan-type-choice';

/** Figures that are still being worked out for any loan type but cash (a render that never finishes). */
const never = new Promise<never>(() => undefined);
function Figures({ loanType }: { loanType: LoanType }) {
  if (loanType !== 'Cash') use(never);
  return <p>figures for {loanType}</p>;
}

/** The choice above figures that depend on it, as on the dashboard. */
function Dashboard() {
  const [loanType, setLoanType] = useState<LoanType>('Cash');
  return (
    <I18nextProvider i18n={createTestI18n('results', texts)}>
      <LoanTypeChoice value={loanType} onChange={setLoanType} />
      <Suspense fallback={<p>working out</p>}>
        <Figures loanType={loanType} />
      </Suspense>
    </I18nextProvider>
  );
}

describe('the loan type choice', () => {
  it('shows the new choice at once while its figures are worked out, the old figures on screen', async () => {
    render(<Dashboard />);
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'Private loan' }));
    });

    expect((screen.getByRole('radio', { name: 'Private loan' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Cash' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/^A private loan, 5 years at 4\.9 %/)).toBeTruthy();
    // The figures' render waits in the background: the page keeps the cash figures, never a blank "working out".
    expect(screen.getByText('figures for Cash')).toBeTruthy();
    expect(screen.queryByText('working out')).toBeNull();
  });

  it('follows a loan type set elsewhere on the page', async () => {
    function Page() {
      const [loanType, setLoanType] = useState<LoanType>('Private');
      return (
        <I18nextProvider i18n={createTestI18n('results', texts)}>
          <LoanTypeChoice value={loanType} onChange={setLoanType} />
          <button type="button" onClick={() => setLoanType('Mortgage')}>
            Mortgage it
          </button>
        </I18nextProvider>
      );
    }
    render(<Page />);
    const checked = () => (screen.getByRole('radio', { checked: true }) as HTMLInputElement).value;
    expect(checked()).toBe('Private');
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'Cash' })));
    expect(checked()).toBe('Cash');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mortgage it' })));
    expect(checked()).toBe('Mortgage');
    expect(screen.getAllByRole('radio', { checked: true })).toHaveLength(1);
  });
});
