import { createContext, useContext, type ComponentProps, type ComponentType } from 'react';

export type SiteLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string };

/** A plain link: a full page load. The landing page's own bundle carries no router (decision 035). */
function PageLink({ to, ...props }: SiteLinkProps) {
  return <a href={to} {...props} />;
}

const SiteLinkContext = createContext<ComponentType<SiteLinkProps>>(PageLink);

/** Inside the app, react-router's Link (the app provides it); on the prerendered landing page, a plain <a>. */
export const SiteLinkProvider = SiteLinkContext.Provider;

/** A link in the shared header and footer and on the landing page, which render both with and without the router. */
export function SiteLink(props: SiteLinkProps) {
  const Link = useContext(SiteLinkContext);
  return <Link {...props} />;
}
