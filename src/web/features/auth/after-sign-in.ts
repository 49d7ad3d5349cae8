/** Where signing in leads: the heir's release page they came from (?next=/legacy, decision 078), else the dashboard. */
export const pageAfterSignIn = (params: URLSearchParams) => (params.get('next') === '/legacy' ? '/legacy' : '/dashboard');
