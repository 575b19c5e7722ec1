import { useSupportContact } from './api';

/**
 * Who runs the site, as the operator configured it (COMPANY_NAME, COMPANY_CNPJ, SUPPORT_EMAIL): each piece only when
 * set, nothing at all when none is. `enabled` lets the footer ask only once it is near the screen.
 */
export function CompanyIdentity({ className, enabled = true }: { className?: string; enabled?: boolean }) {
  const contact = useSupportContact(enabled).data;
  if (!contact) return null;
  const { companyName, companyCnpj, email } = contact;
  if (!companyName && !companyCnpj && !email) return null;
  return (
    <p className={className}>
      {[companyName, companyCnpj && `CNPJ ${companyCnpj}`].filter(Boolean).join(' · ')}
      {email && (
        <>
          {(companyName || companyCnpj) && ' · '}
          Contato:{' '}
          <a
            href={`mailto:${email}`}
            className="inline-flex min-h-6 items-center underline-offset-2 hover:underline"
          >
            {email}
          </a>
        </>
      )}
    </p>
  );
}
