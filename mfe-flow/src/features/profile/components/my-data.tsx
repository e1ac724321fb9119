import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf, refreshSession, useMarkUsable } from '@home-energy/shared';
import { ACCOUNT_DELETED_PATH } from '@home-energy/shared/mfe/pages';
import { useNavigate } from '@home-energy/shared/router';
import { useSignFlow } from '../../sign/lib/use-sign-flow';
import { SignStepView } from '../../sign/pages/sign-page';
import { useDeleteAccountMutation } from '../api/delete-account';

/**
 * GET /api/flow/user/export: the browser downloads the archive itself (a plain link keeps it out of memory), its
 * readable page in this page's language (a link sends no X-UI-Language).
 */
export const exportUrl = (language: string) => `/api/flow/user/export?lang=${language}`;

/** BankID's own steps for confirming the deletion; shown once the homeowner chose to go on. */
function ConfirmWithBankId({ onCancel }: { onCancel: () => void }) {
  const { t, i18n } = useTranslation('flow');
  const navigate = useNavigate();
  const [deleteAccount] = useDeleteAccountMutation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const confirm = useCallback(
    async (csrfToken: string) => {
      await deleteAccount({ csrfToken }).unwrap();
      await refreshSession().catch(() => undefined);
      navigate(ACCOUNT_DELETED_PATH, { replace: true });
    },
    [deleteAccount, navigate],
  );
  const flow = useSignFlow({
    destination: '/',
    returnPath: undefined,
    enabled: true,
    confirm,
    purpose: 'delete_account',
  });
  // The step that replaced the question takes the focus, so a keyboard or screen reader user is told where they are.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="he-card" aria-labelledby="delete-bankid-title">
      <h3 id="delete-bankid-title" ref={headingRef} tabIndex={-1}>
        {t('myData.confirmTitle')}
      </h3>
      {flow.step.name === 'signing-in' ? (
        <p role="status">{t('myData.deleting')}</p>
      ) : (
        <SignStepView flow={flow} headingRef={headingRef} language={i18n.language} />
      )}
      {flow.step.name === 'choice' ? (
        <button type="button" className="he-button he-button--secondary" onClick={onCancel}>
          {t('myData.keep')}
        </button>
      ) : null}
    </section>
  );
}

/** "Your data" in My homes: download everything, or delete the account (confirmed with BankID). */
export function MyData() {
  const { t, i18n } = useTranslation('flow');
  const [step, setStep] = useState<'idle' | 'asked' | 'bankid'>('idle');
  const deleteRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const shown = useRef(step);
  // The question takes the focus on its safe answer; going back hands it to "Delete my account…" again.
  useEffect(() => {
    const previous = shown.current;
    shown.current = step;
    if (step === 'asked') keepRef.current?.focus();
    else if (step === 'idle' && previous !== 'idle') deleteRef.current?.focus();
  }, [step]);
  // Escape answers the question with its safe answer, as a dialog's Escape does.
  useEffect(() => {
    if (step !== 'asked') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setStep('idle');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [step]);
  return (
    <section aria-labelledby="my-data-title" className="flow-my-data">
      <h2 id="my-data-title">{t('myData.title')}</h2>
      <p className="he-muted">{t('myData.intro')}</p>
      <p>
        <a className="he-button he-button--secondary" href={exportUrl(languageOf(i18n))} download>
          {t('myData.download')}
        </a>
      </p>
      <h3>{t('myData.deleteTitle')}</h3>
      <p className="he-muted">{t('myData.deleteIntro')}</p>
      {step === 'idle' ? (
        <button ref={deleteRef} type="button" className="he-button he-button--danger" onClick={() => setStep('asked')}>
          {t('myData.delete')}
        </button>
      ) : step === 'asked' ? (
        <div role="alertdialog" aria-labelledby="delete-ask" className="he-alert he-alert--info">
          <p id="delete-ask">{t('myData.ask')}</p>
          <button type="button" className="he-button he-button--danger" onClick={() => setStep('bankid')}>
            {t('myData.goOn')}
          </button>{' '}
          <button
            ref={keepRef}
            type="button"
            className="he-button he-button--secondary"
            onClick={() => setStep('idle')}
          >
            {t('myData.keep')}
          </button>
        </div>
      ) : (
        <ConfirmWithBankId onCancel={() => setStep('idle')} />
      )}
    </section>
  );
}

/** /flow/account-deleted: where the homeowner lands once their account is gone. */
export function AccountDeletedPage() {
  const { t } = useTranslation('flow');
  useMarkUsable(true);
  return (
    <section className="he-card flow-narrow" aria-labelledby="deleted-title">
      <h1 id="deleted-title">{t('myData.deletedTitle')}</h1>
      <p role="status">{t('myData.deletedText')}</p>
      <a className="he-button" href="/">
        {t('myData.home')}
      </a>
    </section>
  );
}
