import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  organisationCreateSchema,
  organisationUpdateSchema,
  type OrganisationCreate,
  type OrganisationUpdate,
} from '@home-energy/shared/schemas/admin';
import { ORGANISATION_FEATURES, type OrganisationFeature } from '@home-energy/shared/schemas/session';
import { useIssueTexts } from '@home-energy/shared/ui/user-management';

export interface OrganisationFields {
  slug: string;
  name: string;
  brand: string;
  features: OrganisationFeature[];
  isInstaller: boolean;
}

type Outcome = { data: unknown } | { error: unknown };

/** A slug from a name: "Norr Energi AB" → "norr-energi-ab" (å, ä, ö → a, a, o). */
export function slugFrom(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

/**
 * Name, brand, features and the installer flag; the slug too when creating. Checked with the shared schemas before it
 * is sent, and the server's field errors land on the same fields.
 */
export function OrganisationForm({
  mode,
  initial,
  brands = [],
  onSubmit,
}: {
  mode: 'create' | 'edit';
  initial?: OrganisationFields;
  /** Brands in use, offered as suggestions. */
  brands?: string[];
  onSubmit: (fields: OrganisationCreate | OrganisationUpdate) => Promise<Outcome>;
}) {
  const { t } = useTranslation('admin');
  const { checkErrors, fieldErrors, failureText } = useIssueTexts();
  // The rule of each field whose pattern a code alone does not say.
  const rules = { slug: t('form.rules.slug'), brand: t('form.rules.brand') };
  const [fields, setFields] = useState<OrganisationFields>(
    initial ?? { slug: '', name: '', brand: '', features: [], isInstaller: false },
  );
  const [slugEdited, setSlugEdited] = useState(mode === 'edit');
  const [brandEdited, setBrandEdited] = useState(mode === 'edit');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = (field: string) => `organisation-${mode}-${field}`;

  function setName(name: string) {
    setFields((f) => {
      const slug = slugEdited ? f.slug : slugFrom(name);
      return { ...f, name, slug, brand: brandEdited ? f.brand : slug };
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body =
      mode === 'create'
        ? {
            slug: fields.slug,
            name: fields.name,
            brand: fields.brand,
            features: fields.features,
            isInstaller: fields.isInstaller,
          }
        : { name: fields.name, brand: fields.brand, features: fields.features, isInstaller: fields.isInstaller };
    const checked = (mode === 'create' ? organisationCreateSchema : organisationUpdateSchema).safeParse(body);
    if (!checked.success) {
      setErrors(checkErrors(checked.error.issues, rules));
      setFailure(t('form.fixErrors'));
      return;
    }
    setErrors({});
    setSaving(true);
    const result = await onSubmit(checked.data);
    setSaving(false);
    if ('error' in result) {
      const named = fieldErrors(result.error, rules);
      setErrors(named);
      setFailure(Object.keys(named).length > 0 ? t('form.fixErrors') : failureText(result.error, t('common.failed')));
    }
  }

  const described = (field: string, hint = false) => {
    const ids = [hint ? `${id(field)}-hint` : '', errors[field] ? `${id(field)}-error` : ''].filter(Boolean).join(' ');
    return { 'aria-describedby': ids || undefined, 'aria-invalid': errors[field] ? (true as const) : undefined };
  };
  const error = (field: string) =>
    errors[field] ? (
      <span id={`${id(field)}-error`} className="he-field__error">
        {errors[field]}
      </span>
    ) : null;

  return (
    <form className="he-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="he-form-grid">
        <div className="he-field">
          <label htmlFor={id('name')}>{t('form.name')}</label>
          <input
            id={id('name')}
            type="text"
            value={fields.name}
            onChange={(e) => setName(e.target.value)}
            required
            {...described('name')}
          />
          {error('name')}
        </div>
        {mode === 'create' ? (
          <div className="he-field">
            <label htmlFor={id('slug')}>{t('form.slug')}</label>
            <input
              id={id('slug')}
              type="text"
              value={fields.slug}
              onChange={(e) => {
                setSlugEdited(true);
                setFields((f) => ({ ...f, slug: e.target.value, brand: brandEdited ? f.brand : e.target.value }));
              }}
              required
              {...described('slug', true)}
            />
            <span id={`${id('slug')}-hint`} className="he-field__hint">
              {t('form.slugHint')}
            </span>
            {error('slug')}
          </div>
        ) : null}
        <div className="he-field">
          <label htmlFor={id('brand')}>{t('form.brand')}</label>
          <input
            id={id('brand')}
            type="text"
            list={id('brands')}
            value={fields.brand}
            onChange={(e) => {
              setBrandEdited(true);
              setFields((f) => ({ ...f, brand: e.target.value }));
            }}
            required
            {...described('brand', true)}
          />
          <datalist id={id('brands')}>
            {brands.map((b) => (
              <option key={b} value={b} />
            ))}
          </datalist>
          <span id={`${id('brand')}-hint`} className="he-field__hint">
            {t('form.brandHint')}
          </span>
          {error('brand')}
        </div>
      </div>
      <fieldset className="he-checks">
        <legend>{t('form.features')}</legend>
        {ORGANISATION_FEATURES.map((feature) => (
          <label key={feature} className="he-check">
            <input
              type="checkbox"
              checked={fields.features.includes(feature)}
              onChange={(e) =>
                setFields((f) => ({
                  ...f,
                  features: e.target.checked ? [...f.features, feature] : f.features.filter((x) => x !== feature),
                }))
              }
            />
            {t(`form.feature.${feature}`)}
          </label>
        ))}
      </fieldset>
      <label className="he-check">
        <input
          type="checkbox"
          checked={fields.isInstaller}
          onChange={(e) => setFields((f) => ({ ...f, isInstaller: e.target.checked }))}
        />
        {t('form.isInstaller')}
      </label>
      {failure ? (
        <p className="he-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="he-actions">
        <button type="submit" className="he-button" disabled={saving}>
          {mode === 'create'
            ? saving
              ? t('form.creating')
              : t('form.create')
            : saving
              ? t('common.saving')
              : t('common.save')}
        </button>
      </div>
    </form>
  );
}
