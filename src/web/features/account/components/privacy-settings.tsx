/** Settings → Privacy: the choices about what heirloom keeps and hands out. */
export function PrivacySettings() {
  return <p className="text-muted-foreground">Privacy settings coming soon...</p>;
}
