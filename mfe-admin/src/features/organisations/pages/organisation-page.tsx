import { Link, useParams } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { Loading, useToast, PageHead, LoadFailed, useMarkUsable } from '@home-energy/shared';
import type { Installer, OrganisationUpdate } from '@home-energy/shared/schemas/admin';
import { ConfirmButton, useIssueTexts } from '@home-energy/shared/ui/user-management';
import { ImpersonateButton } from '../../../components/impersonation';
import {
  useGetOrganisationQuery,
  useListOrganisationsQuery,
  useUpdateOrganisationMutation,
} from '../api/organisations-api';
import { OrganisationForm } from '../components/organisation-form';
import { InstallersEditor } from '../components/installers-editor';

/** /console/admin/organisations/:organisation: edit details and installers, deactivate or reactivate, impersonate. */
export function OrganisationPage() {
  const { t } = useTranslation('admin');
  const { failureText } = useIssueTexts();
  const toast = useToast();
  const { organisation: slug = '' } = useParams();
  const organisation = useGetOrganisationQuery(slug, { refetchOnMountOrArgChange: true });
  const brands = [...new Set((useListOrganisationsQuery().data?.organisations ?? []).map((o) => o.brand))].sort();
  const [update] = useUpdateOrganisationMutation();
  const detail = organisation.data;
  // Usable once the organisation's details and forms show.
  useMarkUsable(detail !== undefined);

  async function save(patch: OrganisationUpdate, done: string) {
    const result = await update({ slug, patch });
    if ('data' in result) toast(done);
    return result;
  }

  async function setActive(active: boolean) {
    const result = await update({ slug, patch: { active } });
    if ('error' in result) toast(failureText(result.error, t('common.failed')), 'error');
    else toast(t(active ? 'organisation.reactivated' : 'organisation.deactivated', { name: detail?.name }));
  }

  let body;
  if (organisation.isError && !detail) {
    const status = (organisation.error as { status?: number }).status;
    body =
      status === 404 ? (
        <p className="he-alert" role="alert">
          {t('organisation.notFound', { slug })}
        </p>
      ) : (
        <LoadFailed error={organisation.error} onRetry={() => void organisation.refetch()} />
      );
  } else if (!detail) {
    body = <Loading />;
  } else {
    body = (
      <>
        <div className="he-actions">
          <strong style={{ fontSize: '1.25rem' }}>{detail.name}</strong>
          <code className="he-id">{detail.slug}</code>
          <span className={`he-badge ${detail.active ? 'he-badge--ok' : 'he-badge--danger'}`}>
            {detail.active ? t('organisations.status.active') : t('organisations.status.inactive')}
          </span>
          {detail.active ? <ImpersonateButton slug={detail.slug} name={detail.name} small={false} /> : null}
          <Link to={`/console/admin/user-management?organisation=${encodeURIComponent(detail.slug)}`}>
            {t('organisation.users')} ({detail.users})
          </Link>
        </div>
        <section className="he-section" aria-labelledby="organisation-details-title">
          <h2 id="organisation-details-title">{t('organisation.details')}</h2>
          <p className={detail.brandConfigFound ? 'he-muted' : 'he-alert he-alert--info'}>
            {t(detail.brandConfigFound ? 'organisation.brandFound' : 'organisation.brandMissing', {
              brand: detail.brand,
            })}
          </p>
          <OrganisationForm
            key={`${detail.slug}-details`}
            mode="edit"
            brands={brands}
            initial={{
              slug: detail.slug,
              name: detail.name,
              brand: detail.brand,
              features: detail.features,
              isInstaller: detail.isInstaller,
            }}
            onSubmit={(patch) => save(patch as OrganisationUpdate, t('common.saved'))}
          />
        </section>
        <section className="he-section" aria-labelledby="organisation-installers-title">
          <h2 id="organisation-installers-title">{t('organisation.installers')}</h2>
          <p className="he-section__intro">{t('organisation.installersIntro')}</p>
          <InstallersEditor
            key={`${detail.slug}-installers`}
            initial={detail.installerList}
            onSave={(installers: Installer[]) => save({ installers }, t('installers.saved'))}
          />
        </section>
        <section className="he-section" aria-labelledby="organisation-status-title">
          <h2 id="organisation-status-title">{t('organisation.status')}</h2>
          <p className="he-section__intro">{t('organisation.deactivateIntro')}</p>
          {detail.active ? (
            <ConfirmButton label={t('organisation.deactivate')} danger onConfirm={() => setActive(false)} />
          ) : (
            <button type="button" className="he-button" onClick={() => void setActive(true)}>
              {t('organisation.reactivate')}
            </button>
          )}
        </section>
      </>
    );
  }

  return (
    <div className="he-stack">
      <p style={{ margin: 0 }}>
        <Link to="/console/admin">← {t('organisation.back')}</Link>
      </p>
      <PageHead title={t('pages.organisation.title')} intro={t('pages.organisation.intro')} />
      {body}
    </div>
  );
}
