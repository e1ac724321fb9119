import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { Loading, useToast, PageHead, LoadFailed, useMarkUsable, TableScroll } from '@home-energy/shared';
import type { OrganisationCreate } from '@home-energy/shared/schemas/admin';
import { ImpersonateButton } from '../../../components/impersonation';
import { useCreateOrganisationMutation, useListOrganisationsQuery } from '../api/organisations-api';
import { OrganisationForm } from '../components/organisation-form';

export function organisationHref(slug: string): string {
  return `/console/admin/organisations/${encodeURIComponent(slug)}`;
}

/** /console/admin: every organisation, a new one, and impersonation. */
export function OrganisationsPage() {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const navigate = useNavigate();
  const organisations = useListOrganisationsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [createOrganisation] = useCreateOrganisationMutation();
  const [creating, setCreating] = useState(false);
  const formHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (creating) formHeading.current?.focus();
  }, [creating]);
  const list = organisations.data?.organisations;
  // Usable once the organisations' table (or its empty state) shows.
  useMarkUsable(list !== undefined);
  const brands = [...new Set((list ?? []).map((o) => o.brand))].sort();

  async function create(fields: OrganisationCreate) {
    const result = await createOrganisation(fields);
    if ('data' in result && result.data) {
      toast(t('organisations.created', { name: result.data.name }));
      navigate(organisationHref(result.data.slug));
    }
    return result;
  }

  return (
    <div className="he-stack">
      <PageHead title={t('pages.organisations.title')} intro={t('pages.organisations.intro')}>
        <p className="he-actions" style={{ marginTop: '0.75rem' }}>
          <button
            type="button"
            className="he-button"
            aria-expanded={creating}
            aria-controls={creating ? 'new-organisation' : undefined}
            onClick={() => setCreating(!creating)}
          >
            {t('organisations.new')}
          </button>
        </p>
      </PageHead>
      {creating ? (
        <section id="new-organisation" className="he-section" aria-labelledby="new-organisation-title">
          <h2 id="new-organisation-title" ref={formHeading} tabIndex={-1}>
            {t('organisations.newTitle')}
          </h2>
          <OrganisationForm mode="create" brands={brands} onSubmit={(fields) => create(fields as OrganisationCreate)} />
        </section>
      ) : null}
      <section className="he-section" aria-labelledby="organisations-title">
        <h2 id="organisations-title" className="he-visually-hidden">
          {t('organisations.caption')}
        </h2>
        {organisations.isError && !list ? (
          <LoadFailed error={organisations.error} onRetry={() => void organisations.refetch()} />
        ) : !list ? (
          <Loading />
        ) : list.length === 0 ? (
          <p className="he-muted">{t('organisations.empty')}</p>
        ) : (
          <TableScroll label={t('organisations.caption')}>
            <table className="he-table">
              <caption>{t('organisations.caption')}</caption>
              <thead>
                <tr>
                  {(['name', 'slug', 'brand', 'features', 'installer', 'users', 'status'] as const).map((column) => (
                    <th key={column} scope="col">
                      {t(`organisations.columns.${column}`)}
                    </th>
                  ))}
                  <th scope="col">
                    <span className="he-visually-hidden">{t('organisations.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((o) => (
                  <tr key={o.slug}>
                    <th scope="row">
                      <Link to={organisationHref(o.slug)}>{o.name}</Link>
                      {o.demo ? (
                        <>
                          {' '}
                          <span className="he-badge he-badge--muted">{t('organisations.demo')}</span>
                        </>
                      ) : null}
                    </th>
                    <td>
                      <code className="he-id">{o.slug}</code>
                    </td>
                    <td>{o.brand}</td>
                    <td>
                      {o.features.length > 0 ? (
                        o.features.map((f) => t(`organisations.feature.${f}`)).join(', ')
                      ) : (
                        <span className="he-muted">{t('organisations.noFeatures')}</span>
                      )}
                    </td>
                    <td>{o.isInstaller ? t('common.yes') : t('common.no')}</td>
                    <td>{o.users}</td>
                    <td>
                      <span className={`he-badge ${o.active ? 'he-badge--ok' : 'he-badge--danger'}`}>
                        {o.active ? t('organisations.status.active') : t('organisations.status.inactive')}
                      </span>
                    </td>
                    <td>{o.active ? <ImpersonateButton slug={o.slug} name={o.name} /> : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </div>
  );
}
