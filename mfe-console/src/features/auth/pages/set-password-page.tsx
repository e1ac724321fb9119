import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useLocation } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { Loading, useMarkUsable } from '@home-energy/shared';
import { apiErrorBody } from '@home-energy/shared/ui/user-management/api-error';
import { NewPasswordForm } from '../components/new-password-form';
import { usePasswordLinkStateQuery, useSetPasswordFromLinkMutation } from '../api/password-api';

/** The token of an invitation or reset mail: in the address's fragment, which browsers never send to a server. */
function tokenOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

/** Why a link cannot set a password, shown instead of the form. */
type LinkProblem = 'incomplete' | 'used' | 'expired' | 'unknown' | 'tooMany';

const TITLE_OF: Record<LinkProblem, string> = {
  incomplete: 'setPassword.title',
  used: 'setPassword.usedTitle',
  expired: 'setPassword.expiredTitle',
  unknown: 'setPassword.unknownTitle',
  tooMany: 'setPassword.title',
};

/** The link's state as the server tells it; trouble reaching the server is no answer (the form is shown). */
function problemOf(state: string | undefined, error: unknown): LinkProblem | null {
  if (state === 'used' || state === 'expired') return state;
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 404) return 'unknown';
  if (status === 400) return 'incomplete';
  if (status === 429) return 'tooMany';
  return null;
}

/**
 * /console/set-password#token=…: choose a password from the link of an invitation or "Forgot password?" mail. The
 * link's state is asked first, so a used or expired link says so as the page opens, before a password is typed.
 */
export function SetPasswordPage() {
  const { t } = useTranslation('console');
  const { hash } = useLocation();
  const token = tokenOf(hash);
  const link = usePasswordLinkStateQuery(token ?? skipToken, { refetchOnMountOrArgChange: true });
  const [setPassword] = useSetPasswordFromLinkMutation();
  const [done, setDone] = useState(false);
  const problem = token ? problemOf(link.data?.state, link.error) : 'incomplete';
  const checking = token !== null && link.isLoading;
  useMarkUsable(!checking);

  const title = t(done ? 'setPassword.doneTitle' : problem ? TITLE_OF[problem] : 'setPassword.title');
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (checking) return <Loading label={t('setPassword.checking')} />;
  return (
    <section className="he-card" style={{ maxWidth: 480, margin: '2rem auto' }} aria-labelledby="set-password-title">
      <h1 id="set-password-title">{title}</h1>
      {done ? (
        <p role="status">
          {t('setPassword.done')} <Link to="/console">{t('setPassword.signIn')}</Link>
        </p>
      ) : problem ? (
        <>
          <p role="alert">{t(`setPassword.${problem}`)}</p>
          <p>
            {problem === 'used' ? (
              <>
                <Link to="/console">{t('setPassword.signIn')}</Link>
                {' · '}
              </>
            ) : null}
            <Link to="/console/forgot-password">{t('setPassword.askAgain')}</Link>
          </p>
        </>
      ) : (
        <>
          <p>{t('setPassword.intro')}</p>
          <NewPasswordForm
            save={async (password) => {
              try {
                await setPassword({ token: token!, password }).unwrap();
                setDone(true);
              } catch (error) {
                // Used or expired since the page opened: ask again, and the page says which.
                if (apiErrorBody(error)?.error === 'link_invalid') void link.refetch();
                throw error;
              }
            }}
            submitLabel={t('setPassword.submit')}
          />
          <p style={{ marginTop: '1.5rem' }}>
            <Link to="/console/forgot-password">{t('setPassword.askAgain')}</Link>
          </p>
        </>
      )}
    </section>
  );
}
