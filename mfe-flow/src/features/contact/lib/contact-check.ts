import type { Resolver } from 'react-hook-form';
import type { Contact, ContactRequest } from '@home-energy/shared/validation/contact';

type ContactResolver = Resolver<ContactRequest, unknown, Contact>;

let loading: Promise<ContactResolver> | null = null;

/**
 * The BFF's contact schema as the form's resolver, loaded on first use: it carries the phone-number metadata (~145 KB,
 * one long task to evaluate), which the page does not need until the homeowner fills in the form.
 */
export function loadContactCheck(): Promise<ContactResolver> {
  loading ??= Promise.all([import('@home-energy/shared/validation/contact'), import('@hookform/resolvers/zod')]).then(
    ([{ contactSchema }, { zodResolver }]) => zodResolver(contactSchema),
  );
  // A failed load (network) is tried again on the next check.
  loading.catch(() => (loading = null));
  return loading;
}

/** Checks the form with the contact schema, loading it first when the homeowner has not touched the form yet. */
export const contactCheck: ContactResolver = async (values, context, options) =>
  (await loadContactCheck())(values, context, options);
