import { Fragment, useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import {
  Loading,
  PageHead,
  LoadFailed,
  useFormat,
  propertyLookupQuerySchema,
  maxLengthOf,
  useMarkUsable,
  TableScroll,
} from '@home-energy/shared';
import { EmptyState } from '../../../components/empty-state';
import { useOrganisationContext } from '../../organisation/components/organisation-context';
import {
  useGetLookupProfileQuery,
  useGetLookupPropertyQuery,
  useSearchPropertiesQuery,
} from '../api/property-lookup-api';
import { ProfileView } from '../components/profile-view';

const QUERY_MAX = maxLengthOf(propertyLookupQuerySchema.shape.q);

/** /console/org/:org/property_lookup (super admins): find any property by address and open a homeowner's home. */
export function PropertyLookupPage() {
  const { t } = useTranslation('console');
  const format = useFormat();
  const id = useId();
  const { organisation } = useOrganisationContext();
  const [params, setParams] = useSearchParams();
  // A longer q in the address (pasted, edited) is cut as the field would cut it, not sent for the API to refuse.
  const q = (params.get('q') ?? '').slice(0, QUERY_MAX);
  const propertyId = Number(params.get('property')) || null;
  const profileId = Number(params.get('profile')) || null;
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  const search = useSearchPropertiesQuery({ org: organisation.slug, q }, { skip: !q });
  const property = useGetLookupPropertyQuery(
    { org: organisation.slug, id: propertyId ?? 0 },
    { skip: !propertyId, refetchOnMountOrArgChange: true },
  );
  // The home ProfileView shows (the same request), read here for whether it has answered.
  const { profileShown } = useGetLookupProfileQuery(
    { org: organisation.slug, id: profileId ?? 0 },
    { skip: !profileId, selectFromResult: ({ data }) => ({ profileShown: data !== undefined }) },
  );
  // Usable once the search form shows with what the address asks for: the hits of `q`, the property, the home.
  useMarkUsable(
    (!q || search.data !== undefined) && (!propertyId || property.data !== undefined) && (!profileId || profileShown),
  );

  function go(next: Record<string, string | number | null>) {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === '') search.delete(key);
      else search.set(key, String(value));
    }
    setParams(search);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    go({ q: draft.trim(), property: null, profile: null });
  }

  return (
    <div className="he-stack">
      <PageHead title={t('pages.property_lookup.title')} intro={t('pages.property_lookup.intro')} />
      <section className="he-section" aria-label={t('lookup.search')}>
        <form role="search" className="cn-inline-form" onSubmit={submit}>
          <div className="he-field">
            <label htmlFor={`${id}-q`}>{t('lookup.query')}</label>
            <input
              id={`${id}-q`}
              type="search"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              placeholder={t('lookup.placeholder')}
              maxLength={QUERY_MAX}
            />
          </div>
          <button type="submit" className="he-button" disabled={!draft.trim()}>
            {t('lookup.search')}
          </button>
        </form>
        {search.isError ? <LoadFailed error={search.error} onRetry={() => void search.refetch()} /> : null}
        {q && search.isFetching ? <Loading /> : null}
        {q && search.data ? (
          search.data.properties.length === 0 ? (
            <EmptyState title={t('lookup.noHits', { q })} />
          ) : (
            <ul className="cn-hits" aria-label={t('lookup.hits')}>
              {search.data.properties.map((hit) => (
                <li key={hit.id}>
                  <button
                    type="button"
                    className="cn-hit"
                    aria-pressed={hit.id === propertyId}
                    onClick={() => go({ property: hit.id, profile: null })}
                  >
                    <strong>{hit.name}</strong>
                    <span className="he-muted">{t('lookup.profiles', { count: hit.profiles })}</span>
                  </button>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </section>
      {propertyId ? (
        property.isError ? (
          <LoadFailed error={property.error} onRetry={() => void property.refetch()} />
        ) : !property.data ? (
          <Loading />
        ) : (
          <section className="he-section" aria-labelledby={`${id}-property`}>
            <h2 id={`${id}-property`}>{property.data.property.name}</h2>
            <dl className="cn-facts">
              <dt>{t('lookup.priceArea')}</dt>
              <dd>{property.data.property.price_area ?? '–'}</dd>
              {Object.entries(property.data.register).map(([key, value]) => (
                <Fragment key={key}>
                  <dt>{t(`lookup.register.${key}`, { defaultValue: key })}</dt>
                  <dd>
                    {Array.isArray(value)
                      ? value.map((v) => bucketOrValue(t, String(v))).join(', ')
                      : typeof value === 'number'
                        ? key.endsWith('_year')
                          ? String(value)
                          : format.number(value)
                        : bucketOrValue(t, String(value))}
                  </dd>
                </Fragment>
              ))}
              <dt>{t('lookup.issued')}</dt>
              <dd>
                {property.data.issued_epc
                  ? `${String(property.data.issued_epc.class)} ` +
                    `(${t(`lookup.sources.${String(property.data.issued_epc.source ?? 'register')}`)})`
                  : t('lookup.noIssued')}
              </dd>
            </dl>
            {property.data.profiles.length === 0 ? (
              <p className="he-muted">{t('lookup.noProfiles')}</p>
            ) : (
              <TableScroll label={t('lookup.profilesCaption')}>
                <table className="he-table">
                  <caption>{t('lookup.profilesCaption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('lookup.owner')}</th>
                      <th scope="col">{t('lookup.organisation')}</th>
                      <th scope="col">{t('lookup.label')}</th>
                      <th scope="col">{t('lookup.updated')}</th>
                      <th scope="col">
                        <span className="he-visually-hidden">{t('lookup.open')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {property.data.profiles.map((p) => (
                      <tr key={p.id} aria-current={p.id === profileId ? 'true' : undefined}>
                        <th scope="row">
                          {p.owner === 'homeowner'
                            ? `${t('lookup.homeowner')} ${p.homeowner ?? ''}`
                            : t('lookup.visitor')}
                        </th>
                        <td>{p.organisation?.name ?? '–'}</td>
                        <td>{p.calculated_class ?? '–'}</td>
                        <td>{format.time(p.updated_at)}</td>
                        <td>
                          <button
                            type="button"
                            className="he-button he-button--small"
                            onClick={() => go({ profile: p.id })}
                          >
                            {t('lookup.openProfile')}
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </section>
        )
      ) : null}
      {profileId ? <ProfileView org={organisation.slug} profileId={profileId} /> : null}
    </div>
  );
}

function bucketOrValue(t: ReturnType<typeof useTranslation>['t'], value: string): string {
  return t(`buckets.buildingTypes.${value}`, { defaultValue: t(`energy:heating.${value}`, { defaultValue: value }) });
}
