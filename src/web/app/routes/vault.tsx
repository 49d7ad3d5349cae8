import { PageHeader } from '@web/components/page-header';

// Placeholder: the vault feature fills this screen in (features/vault/).
export function VaultRoute() {
  return (
    <div>
      <title>Secure Vault · heirloom</title>
      <PageHeader title="Secure Vault" />
    </div>
  );
}
