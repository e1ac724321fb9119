import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import {
  Loading,
  miniflowPropertySchema,
  signRedirectUrl,
  useAddMiniflowPropertyMutation,
  useMarkUsable,
  useSession,
  useToast,
  type MiniflowProperty,
} from '@home-energy/shared';

type Field = keyof MiniflowProperty;
import { dashboardPath } from '@home-energy/shared/mfe/pages';

/**
 * /flow/add-property (any path containing add-property): a signed-in homeowner adds another home by street, postal
 * code and city. All three are needed, otherwise nothing happens (docs/product.md §5); once added, the results
 * dashboard opens.
 */
export function AddPropertyPage() {
  const { t } = useTranslation('flow');
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const session = useSession({
    required: true,
    onUnauthenticated: () => {
      const target = signRedirectUrl(window.location);
      if (target) window.location.assign(target);
    },
  });
  const [addProperty, adding] = useAddMiniflowPropertyMutation();
  const { register, handleSubmit, control } = useForm<MiniflowProperty>({
    defaultValues: { street: '', postalCode: '', postalCity: '' },
    resolver: zodResolver(miniflowPropertySchema),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const form = useWatch({ control });
  const complete = [form.street, form.postalCode, form.postalCity].every((value) => (value ?? '').trim() !== '');
  // Usable once the form shows: the homeowner's session is read.
  useMarkUsable(session.status === 'authenticated' && session.data.user.kind === 'homeowner');

  useEffect(() => {
    document.title = t('addProperty.title');
  }, [t]);

  if (session.status !== 'authenticated') return <Loading />;
  if (session.data.user.kind !== 'homeowner') {
    return (
      <section className="he-card" role="alert">
        <h1>{t('addProperty.title')}</h1>
        <p>{t('addProperty.homeownersOnly')}</p>
      </section>
    );
  }

  async function onValid(property: MiniflowProperty) {
    if (adding.isLoading) return;
    setProblem(null);
    try {
      const added = await addProperty(property).unwrap();
      toast(t('addProperty.added', { name: added.property.name }));
      navigate(dashboardPath(added.property.id), { replace: location.pathname.includes('add-property') });
    } catch (error) {
      const status = (error as { status?: number }).status;
      setProblem(
        status === 404
          ? t('addProperty.notFound')
          : status === 400
            ? t('addProperty.invalid')
            : t('addProperty.failed'),
      );
    }
  }

  // docs/product.md §5: without all three, nothing happens; with all three, say what the schema refused.
  const onInvalid = (errors: FieldErrors<MiniflowProperty>) => {
    if (complete) setProblem(t(errors.postalCode ? 'addProperty.invalid' : 'addProperty.notFound'));
  };

  const field = (name: Field, autoComplete: string, inputMode?: 'numeric') => (
    <div className="flow-field">
      <label htmlFor={`add-${name}`} className="flow-label">
        {t(`addProperty.${name}`)}
      </label>
      <input
        id={`add-${name}`}
        className="flow-input"
        autoComplete={autoComplete}
        inputMode={inputMode}
        required
        {...register(name)}
      />
    </div>
  );

  return (
    <section className="flow-narrow" aria-labelledby="add-title">
      <h1 id="add-title">{t('addProperty.title')}</h1>
      <p className="flow-lead">{t('addProperty.intro')}</p>
      <form className="he-card flow-form" onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)} noValidate>
        {field('street', 'address-line1')}
        <div className="flow-row">
          {field('postalCode', 'postal-code', 'numeric')}
          {field('postalCity', 'address-level2')}
        </div>
        {problem ? (
          <p className="flow-error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="flow-actions">
          <button type="submit" className="he-button" aria-disabled={!complete || adding.isLoading}>
            {adding.isLoading ? t('addProperty.adding') : t('addProperty.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
