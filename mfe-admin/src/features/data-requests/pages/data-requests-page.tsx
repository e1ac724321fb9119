import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHead, useMarkUsable } from '@home-energy/shared';

type Outcome = { kind: 'ok' | 'error'; text: string } | null;

/** The archive's name from the answer, else a plain one. */
function fileName(res: Response): string {
  return /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'home-energy-data.zip';
}

async function problem(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  return body?.message ?? `${res.status}`;
}

/**
 * /console/admin/data-requests: export or erase a homeowner's data for someone who wrote in, by personal number
 * (docs/privacy.md "Requests by other channels"). Posted, never in a URL; each request is audited with its reference.
 */
export function DataRequestsPage() {
  const { t } = useTranslation('admin');
  const id = useId();
  const [personalNumber, setPersonalNumber] = useState('');
  const [reference, setReference] = useState('');
  const [confirmErase, setConfirmErase] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // A form with nothing to wait for: usable as it renders.
  useMarkUsable(true);

  async function send(action: 'export' | 'erase') {
    setBusy(true);
    setOutcome(null);
    try {
      const res = await fetch(`/api/admin/privacy/${action}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ personalNumber, reference }),
      });
      if (!res.ok) return setOutcome({ kind: 'error', text: await problem(res) });
      if (action === 'export') {
        const url = URL.createObjectURL(await res.blob());
        const link = Object.assign(document.createElement('a'), { href: url, download: fileName(res) });
        link.click();
        URL.revokeObjectURL(url);
        setOutcome({ kind: 'ok', text: t('dataRequests.exported') });
      } else {
        setConfirmErase(false);
        setOutcome({ kind: 'ok', text: t('dataRequests.erased') });
      }
    } catch {
      setOutcome({ kind: 'error', text: t('dataRequests.failed') });
    } finally {
      setBusy(false);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send('export');
  };

  return (
    <div className="he-stack">
      <PageHead title={t('pages.data-requests.title')} intro={t('pages.data-requests.intro')} />
      <form className="he-section he-form" onSubmit={onSubmit}>
        <div className="he-field">
          <label htmlFor={`${id}-pnr`}>{t('dataRequests.personalNumber')}</label>
          <input
            id={`${id}-pnr`}
            type="text"
            autoComplete="off"
            required
            value={personalNumber}
            onChange={(e) => setPersonalNumber(e.target.value)}
          />
        </div>
        <div className="he-field">
          <label htmlFor={`${id}-ref`}>{t('dataRequests.reference')}</label>
          <input
            id={`${id}-ref`}
            type="text"
            aria-describedby={`${id}-ref-help`}
            required
            minLength={3}
            maxLength={100}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
          <p id={`${id}-ref-help`} className="he-muted">
            {t('dataRequests.referenceHelp')}
          </p>
        </div>
        <p>
          <button type="submit" className="he-button" disabled={busy}>
            {t('dataRequests.export')}
          </button>{' '}
          {confirmErase ? (
            <>
              <button
                type="button"
                className="he-button he-button--danger"
                disabled={busy}
                onClick={() => void send('erase')}
              >
                {t('dataRequests.eraseConfirm')}
              </button>{' '}
              <button type="button" className="he-button he-button--secondary" onClick={() => setConfirmErase(false)}>
                {t('dataRequests.cancel')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="he-button he-button--secondary"
              disabled={busy || !personalNumber || reference.trim().length < 3}
              onClick={() => setConfirmErase(true)}
            >
              {t('dataRequests.erase')}
            </button>
          )}
        </p>
        <p role="status" className={outcome?.kind === 'error' ? 'he-error' : undefined}>
          {outcome?.text ?? ''}
        </p>
      </form>
    </div>
  );
}
