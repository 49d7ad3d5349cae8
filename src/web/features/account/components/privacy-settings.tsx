import { ShownInSharesCard } from './shown-in-shares-card';

/** Settings → Privacy: the choices about what heirloom keeps and hands out. */
export function PrivacySettings() {
  return (
    <div className="grid gap-6">
      <ShownInSharesCard detail="places" />
      <ShownInSharesCard detail="names" />
    </div>
  );
}
