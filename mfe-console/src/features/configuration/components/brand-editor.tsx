import { useEffect, useId, useState, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  accentContrastIssues,
  brandVariables,
  darkAccentOf,
  MIN_TEXT_CONTRAST,
  softAccentOf,
  useToast,
  type BrandConfig,
  type BrandFinancialProvider,
  brandConfigSchema,
  defaultRateOutside,
  financialProviderSchema,
  maxLengthOf,
  PRIVACY_NOTICE_TEXT_MAX,
} from '@home-energy/shared';
import { useSaveBrandMutation } from '../api/configuration-api';
import { ApiIssues } from './api-issues';

const COLOUR_MAX = maxLengthOf(brandConfigSchema.shape.accent);
const NAME_MAX = maxLengthOf(brandConfigSchema.shape.name);
const LOGO_MAX = maxLengthOf(brandConfigSchema.shape.logo);
const PROVIDER_ID_MAX = maxLengthOf(financialProviderSchema.shape.id);
const PROVIDER_NAME_MAX = maxLengthOf(financialProviderSchema.shape.name);
const PROVIDER_URL_MAX = maxLengthOf(financialProviderSchema.shape.url);

const HEX = /^#[0-9a-fA-F]{6}$/;
const ACCENTS = ['accent', 'accentSoft', 'accentDark'] as const;
const OTHER_COLOURS = ['text', 'muted', 'background', 'surface', 'border', 'danger'] as const;
type OtherColour = (typeof OTHER_COLOURS)[number];
const RATE_FIELDS = ['min_rate', 'max_rate', 'default_rate'] as const;
type RateField = (typeof RATE_FIELDS)[number];
type ProviderProblems = Partial<Record<'url' | RateField, string>>;
// A lender's rates as financialProviderSchema takes them (%).
const RATE_MIN = 0;
const RATE_MAX = 30;

/**
 * What the BFF would refuse in a lender (brandConfigInputSchema), by field: a web address that is not http(s), a rate
 * missing or outside 0–30 %, the lowest above the highest, a default outside the two.
 */
function providerProblems(provider: BrandFinancialProvider, t: ReturnType<typeof useTranslation>['t']) {
  const problems: ProviderProblems = {};
  if (!financialProviderSchema.shape.url.safeParse(provider.url).success)
    problems.url = t('configuration.brand.problems.url');
  const loan = provider.private_loan;
  if (!loan) return problems;
  for (const field of RATE_FIELDS) {
    const value = loan[field];
    // Only the default may be left empty.
    if (value === undefined ? field !== 'default_rate' : !(value >= RATE_MIN && value <= RATE_MAX))
      problems[field] = t('configuration.brand.problems.rateRange', { min: RATE_MIN, max: RATE_MAX });
  }
  if (!problems.min_rate && !problems.max_rate && loan.min_rate > loan.max_rate)
    problems.min_rate = t('configuration.brand.problems.rateOrder');
  else if (!problems.default_rate && defaultRateOutside(loan))
    problems.default_rate = t('configuration.brand.problems.defaultRate');
  return problems;
}

/** A colour as text (#rrggbb; empty = the platform's, or `derived` when given) with a picker beside it. */
function ColourField({
  id,
  label,
  value,
  onChange,
  derived,
  problem,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** What an empty field becomes (mixed from the accent). */
  derived?: string;
  /** Why the colour cannot be saved (contrast). */
  problem?: string;
}) {
  const { t } = useTranslation('console');
  const invalid = !!value && !HEX.test(value);
  const message = invalid ? t('configuration.brand.hex') : problem;
  const hint = !value && derived ? t('configuration.brand.derived', { colour: derived }) : undefined;
  return (
    <div className="he-field cn-colour">
      <label htmlFor={id}>{label}</label>
      <div className="cn-colour__inputs">
        <input
          type="color"
          aria-label={t('configuration.brand.pick', { name: label })}
          value={value && HEX.test(value) ? value.toLowerCase() : (derived ?? '#ffffff')}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          id={id}
          type="text"
          className="he-input"
          placeholder={t('configuration.brand.platformColour')}
          value={value ?? ''}
          maxLength={COLOUR_MAX}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.value.trim() || undefined)}
        />
      </div>
      {message ? (
        <p id={`${id}-error`} className="he-field__error">
          {message}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="he-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A field's problem under it, referenced by the input's aria-describedby. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="he-field__error">
      {message}
    </p>
  ) : null;
}

/** The flow as a homeowner of this brand would see it, in the colours being edited (not yet saved). */
export function BrandPreview({ config }: { config: BrandConfig }) {
  const { t } = useTranslation('console');
  const valid = Object.fromEntries(Object.entries(brandVariables(config)).filter(([, v]) => HEX.test(v)));
  const provider = config.financial_providers?.[0];
  return (
    <div
      className="cn-preview"
      style={valid as CSSProperties}
      data-testid="brand-preview"
      aria-label={t('configuration.brand.preview')}
      role="group"
    >
      <div className="cn-preview__bar">
        <strong>{config.name || t('configuration.brand.previewName')}</strong>
        <span className="cn-preview__link">{t('configuration.brand.previewLink')}</span>
      </div>
      <div className="cn-preview__body">
        <p className="cn-preview__eyebrow">{t('configuration.brand.previewEyebrow')}</p>
        <p className="cn-preview__title">{t('configuration.brand.previewTitle')}</p>
        <p className="cn-preview__muted">{t('configuration.brand.previewText')}</p>
        <div className="cn-preview__card">
          <span className="cn-preview__badge">{t('configuration.brand.previewBadge')}</span>
          <span>{t('configuration.brand.previewSaves')}</span>
        </div>
        {provider ? (
          <p className="cn-preview__muted">
            {t('configuration.brand.previewLoan', {
              name: provider.name,
              min: provider.private_loan?.min_rate ?? 0,
              max: provider.private_loan?.max_rate ?? 9,
            })}
          </p>
        ) : null}
        <span className="cn-preview__button">{t('configuration.brand.previewButton')}</span>
        <p className="cn-preview__danger">{t('configuration.brand.previewError')}</p>
      </div>
    </div>
  );
}

function ProviderFields({
  provider,
  index,
  problems,
  onChange,
  onRemove,
}: {
  provider: BrandFinancialProvider;
  index: number;
  /** Why a field cannot be saved, by field. */
  problems: ProviderProblems;
  onChange: (p: BrandFinancialProvider) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('console');
  const id = useId();
  const loan = provider.private_loan;
  const setRate = (field: 'min_rate' | 'max_rate' | 'default_rate', text: string) => {
    const value = text.trim() === '' ? undefined : Number(text.replace(',', '.'));
    const next = {
      min_rate: loan?.min_rate ?? 0,
      max_rate: loan?.max_rate ?? 9,
      default_rate: loan?.default_rate,
      [field]: value,
    };
    if (next.default_rate === undefined) delete next.default_rate;
    onChange({ ...provider, private_loan: next as BrandFinancialProvider['private_loan'] });
  };
  return (
    <fieldset className="cn-provider">
      <legend>{t('configuration.brand.provider', { number: index + 1 })}</legend>
      <div className="he-form-grid">
        <div className="he-field">
          <label htmlFor={`${id}-id`}>{t('configuration.brand.providerId')}</label>
          <input
            id={`${id}-id`}
            className="he-input"
            type="text"
            value={provider.id}
            maxLength={PROVIDER_ID_MAX}
            onChange={(e) => onChange({ ...provider, id: e.target.value })}
          />
        </div>
        <div className="he-field">
          <label htmlFor={`${id}-name`}>{t('configuration.brand.providerName')}</label>
          <input
            id={`${id}-name`}
            className="he-input"
            type="text"
            value={provider.name}
            maxLength={PROVIDER_NAME_MAX}
            onChange={(e) => onChange({ ...provider, name: e.target.value })}
          />
        </div>
        <div className="he-field">
          <label htmlFor={`${id}-url`}>{t('configuration.brand.providerUrl')}</label>
          <input
            id={`${id}-url`}
            className="he-input"
            type="url"
            value={provider.url ?? ''}
            maxLength={PROVIDER_URL_MAX}
            aria-invalid={problems.url ? true : undefined}
            aria-describedby={problems.url ? `${id}-url-error` : undefined}
            onChange={(e) => onChange({ ...provider, url: e.target.value || undefined })}
          />
          <FieldError id={`${id}-url-error`} message={problems.url} />
        </div>
        {RATE_FIELDS.map((field) => (
          <div key={field} className="he-field">
            <label htmlFor={`${id}-${field}`}>{t(`configuration.brand.${field}`)}</label>
            <input
              id={`${id}-${field}`}
              className="he-input"
              type="number"
              step="0.1"
              min={RATE_MIN}
              max={RATE_MAX}
              value={loan?.[field] ?? ''}
              aria-invalid={problems[field] ? true : undefined}
              aria-describedby={problems[field] ? `${id}-${field}-error` : undefined}
              onChange={(e) => setRate(field, e.target.value)}
            />
            <FieldError id={`${id}-${field}-error`} message={problems[field]} />
          </div>
        ))}
      </div>
      <button type="button" className="he-button he-button--secondary he-button--small" onClick={onRemove}>
        {t('configuration.brand.removeProvider')}
      </button>
    </fieldset>
  );
}

/** The brand's colours and lenders, with a live preview; saved to brand/{brand}/config.json (the flow reads it). */
export function BrandEditor({ org, brand, config }: { org: string; brand: string; config: BrandConfig }) {
  const { t } = useTranslation('console');
  const toast = useToast();
  const id = useId();
  const [draft, setDraft] = useState<BrandConfig>(config);
  const [save, state] = useSaveBrandMutation();
  useEffect(() => setDraft(config), [config]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(config);
  const setColour = (key: OtherColour, value: string | undefined) => {
    const colours = { ...(draft.colours ?? {}), [key]: value };
    if (value === undefined) delete colours[key];
    setDraft({ ...draft, colours: Object.keys(colours).length ? colours : undefined });
  };
  const providers = draft.financial_providers ?? [];
  // The brand's own addition to the privacy notice, per language; an empty one is left out of the file.
  function setPrivacyText(language: 'sv' | 'en', text: string) {
    const next = { ...draft.privacy_notice, [language]: text.trim() ? text : undefined };
    setDraft({ ...draft, privacy_notice: next.sv || next.en ? next : undefined });
  }
  const accent = draft.accent && HEX.test(draft.accent) ? draft.accent : undefined;
  const coloursValid = ACCENTS.every((key) => !draft[key] || HEX.test(draft[key]!));
  // The BFF refuses the same (brandConfigInputSchema); said here before saving, at the colour to change.
  const contrast = coloursValid ? accentContrastIssues(draft) : [];
  const problemOf = (key: (typeof ACCENTS)[number]) => {
    const issue = contrast.find((i) => i.path === key);
    return issue
      ? t(`configuration.brand.contrast.${issue.path}`, { ratio: issue.ratio, min: MIN_TEXT_CONTRAST })
      : undefined;
  };
  const derivedOf = (key: (typeof ACCENTS)[number]) =>
    !accent
      ? undefined
      : key === 'accentSoft'
        ? softAccentOf(accent)
        : key === 'accentDark'
          ? darkAccentOf(accent)
          : undefined;
  const setProviders = (next: BrandFinancialProvider[]) =>
    setDraft({ ...draft, financial_providers: next.length ? next : undefined });
  // The BFF refuses these too: a brand without a name, a lender's link or rates (providerProblems).
  const nameProblem = draft.name?.trim() ? undefined : t('configuration.brand.problems.name');
  const lenderProblems = providers.map((provider) => providerProblems(provider, t));
  const blocked =
    contrast.length > 0 || !!nameProblem || lenderProblems.some((problems) => Object.keys(problems).length > 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Enter in a field submits too: what the fields say is wrong is not sent.
    if (blocked) return;
    try {
      await save({ org, config: draft }).unwrap();
      toast(t('configuration.brand.saved'));
    } catch {
      // Shown below the form.
    }
  }

  return (
    <form onSubmit={submit} className="cn-brand" aria-label={t('configuration.brand.title')}>
      <div className="he-stack">
        <p className="he-muted">{t('configuration.brand.file', { brand })}</p>
        <div className="he-field">
          <label htmlFor={`${id}-name`}>{t('configuration.brand.name')}</label>
          <input
            id={`${id}-name`}
            className="he-input"
            type="text"
            maxLength={NAME_MAX}
            value={draft.name ?? ''}
            aria-invalid={nameProblem ? true : undefined}
            aria-describedby={nameProblem ? `${id}-name-error` : undefined}
            onChange={(e) => setDraft({ ...draft, name: e.target.value || undefined })}
          />
          <FieldError id={`${id}-name-error`} message={nameProblem} />
        </div>
        <div className="he-field">
          <label htmlFor={`${id}-logo`}>{t('configuration.brand.logo')}</label>
          <input
            id={`${id}-logo`}
            className="he-input"
            type="text"
            inputMode="url"
            maxLength={LOGO_MAX}
            value={draft.logo ?? ''}
            aria-describedby={`${id}-logo-hint`}
            onChange={(e) => setDraft({ ...draft, logo: e.target.value.trim() || undefined })}
          />
          <p id={`${id}-logo-hint`} className="he-field__hint">
            {t('configuration.brand.logoHint')}
          </p>
        </div>
        <fieldset className="cn-fieldset">
          <legend>{t('configuration.brand.accents')}</legend>
          <div className="he-form-grid">
            {ACCENTS.map((key) => (
              <ColourField
                key={key}
                id={`${id}-${key}`}
                label={t(`configuration.brand.colours.${key}`)}
                value={draft[key]}
                derived={derivedOf(key)}
                problem={problemOf(key)}
                onChange={(value) => setDraft({ ...draft, [key]: value })}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="cn-fieldset">
          <legend>{t('configuration.brand.otherColours')}</legend>
          <div className="he-form-grid">
            {OTHER_COLOURS.map((key) => (
              <ColourField
                key={key}
                id={`${id}-${key}`}
                label={t(`configuration.brand.colours.${key}`)}
                value={draft.colours?.[key]}
                onChange={(value) => setColour(key, value)}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="cn-fieldset">
          <legend>{t('configuration.brand.providers')}</legend>
          <p className="he-field__hint">{t('configuration.brand.providersHint')}</p>
          {providers.map((provider, index) => (
            <ProviderFields
              key={index}
              index={index}
              provider={provider}
              problems={lenderProblems[index] ?? {}}
              onChange={(p) => setProviders(providers.map((q, i) => (i === index ? p : q)))}
              onRemove={() => setProviders(providers.filter((_, i) => i !== index))}
            />
          ))}
          <button
            type="button"
            className="he-button he-button--secondary he-button--small"
            onClick={() =>
              setProviders([...providers, { id: '', name: '', private_loan: { min_rate: 0, max_rate: 9 } }])
            }
          >
            {t('configuration.brand.addProvider')}
          </button>
        </fieldset>
        <fieldset className="cn-fieldset">
          <legend>{t('configuration.brand.privacy')}</legend>
          <p className="he-field__hint">{t('configuration.brand.privacyHint')}</p>
          {(['sv', 'en'] as const).map((language) => (
            <div key={language} className="he-field">
              <label htmlFor={`${id}-privacy-${language}`}>{t(`configuration.brand.privacyText.${language}`)}</label>
              <textarea
                id={`${id}-privacy-${language}`}
                className="he-input"
                rows={4}
                maxLength={PRIVACY_NOTICE_TEXT_MAX}
                value={draft.privacy_notice?.[language] ?? ''}
                onChange={(e) => setPrivacyText(language, e.target.value)}
              />
            </div>
          ))}
        </fieldset>
        {state.isError ? <ApiIssues error={state.error} /> : null}
        <div className="he-actions">
          <button type="submit" className="he-button" disabled={!dirty || state.isLoading || blocked}>
            {state.isLoading ? t('common.saving') : t('configuration.brand.save')}
          </button>
          <button
            type="button"
            className="he-button he-button--secondary"
            disabled={!dirty}
            onClick={() => setDraft(config)}
          >
            {t('common.undo')}
          </button>
        </div>
      </div>
      <aside className="cn-brand__preview" aria-label={t('configuration.brand.preview')}>
        <h3>{t('configuration.brand.preview')}</h3>
        <BrandPreview config={draft} />
      </aside>
    </form>
  );
}
