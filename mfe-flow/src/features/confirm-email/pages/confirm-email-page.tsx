import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@home-energy/shared/router';
import { Loading, useConfirmEmailMutation, useMarkUsable } from '@home-energy/shared';
import { MY_HOMES_PATH } from '@home-energy/shared/mfe/pages';

/** The token from the link's fragment (`#token=…`): never sent to a server in the address, never in a log. */
function tokenOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

/**
 * /flow/confirm-email#token=…: the page the mail that confirms a homeowner's contact email links to
 * (bff/src/modules/homeowner/email-verification.ts). It posts the token once; signing in is not needed.
 */
export default function ConfirmEmailPage() {
  const { t } = useTranslation('flow');
  const [confirm] = useConfirmEmailMutation();
  const [token] = useState(() => tokenOf(window.location.hash));
  const [state, setState] = useState<
    { kind: 'confirming' } | { kind: 'confirmed'; email: string } | { kind: 'invalid' }
  >({ kind: 'confirming' });
  // Usable once the outcome shows: confirmed, refused, or the link without its token.
  useMarkUsable(!token || state.kind !== 'confirming');

  useEffect(() => {
    document.title = t('confirmEmail.title');
  }, [t]);

  // Posted once per page, even when the effect runs twice (React's strict mode): a second post would find it used.
  const posted = useRef<Promise<{ email: string }> | null>(null);

  useEffect(() => {
    if (!token) return;
    // The token leaves the address bar: a reload or a shared screenshot does not carry it.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    let current = true;
    posted.current ??= confirm({ token }).unwrap();
    posted.current.then(
      ({ email }) => current && setState({ kind: 'confirmed', email }),
      () => current && setState({ kind: 'invalid' }),
    );
    return () => {
      current = false;
    };
  }, [confirm, token]);

  return (
    <section className="flow-narrow" aria-labelledby="confirm-email-title">
      <h1 id="confirm-email-title">{t('confirmEmail.title')}</h1>
      {!token ? (
        <p>{t('confirmEmail.missing')}</p>
      ) : state.kind === 'confirming' ? (
        <Loading label={t('confirmEmail.confirming')} />
      ) : state.kind === 'confirmed' ? (
        <div role="status" className="he-alert he-alert--info">
          <p>{t('confirmEmail.confirmed', { email: state.email })}</p>
          <p>{t('confirmEmail.confirmedMore')}</p>
        </div>
      ) : (
        <div role="alert" className="he-alert">
          <p>{t('confirmEmail.invalid')}</p>
          <p>{t('confirmEmail.invalidMore')}</p>
        </div>
      )}
      {token && state.kind !== 'confirming' ? (
        <p>
          <Link to={MY_HOMES_PATH}>{t('confirmEmail.myHomes')}</Link>
        </p>
      ) : null}
    </section>
  );
}
