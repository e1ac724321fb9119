import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export interface ErrorViewProps {
  title?: string;
  secondaryTitle?: string;
  code: string;
}

/**
 * docs/product.md §2 full-page error view: sets the document title, shows title and secondary title, the line
 * 'error code' + code, and a primary 'reload' button that sends the browser to '/'.
 */
export function ErrorView({ title, secondaryTitle, code }: ErrorViewProps) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  // Falls back to English when even the translations failed to load.
  const heading = title ?? (ready ? t('error.title') : 'Something went wrong');
  const description =
    secondaryTitle ?? (ready ? t('error.secondaryTitle') : 'Please try again. If it keeps happening, come back later.');
  useEffect(() => {
    document.title = heading;
  }, [heading]);
  return (
    <section className="he-error" role="alert">
      <h1>{heading}</h1>
      <p>{description}</p>
      <p className="he-error__code">
        {ready ? t('error.code') : 'error code'} {code}
      </p>
      <button type="button" className="he-button" onClick={() => window.location.assign('/')}>
        {ready ? t('reload') : 'Reload'}
      </button>
    </section>
  );
}
