/** Settings → Members (the administrator only): invitations, people asking to join, members. */
export function MembersSettings() {
  return null;
}
