import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { fromEntryState } from '@web/features/heir/use-address-bar-param';
import { AnswerScreen } from '@web/features/interviews/components/answer-screen';
import { paths } from '../paths';
import { useIntl } from '@web/lib/i18n/use-intl';

/**
 * /answer/<token>, a storyteller's personal link from an interview's mail (decision 066): public, no account.
 * The token moves from the path into this tab's history entry (/answer), so it is not left in the browser's
 * history or on screen, yet a reload still works. Not for search engines.
 */
export function AnswerRoute() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const intl = useIntl();
  const [token] = useState(() => params.token ?? fromEntryState(location.state, 'token') ?? '');

  // The address bar is outside React: replacing the entry is syncing with it.
  useEffect(() => {
    if (params.token) void navigate(paths.answer, { replace: true, state: { token: params.token } });
  }, [params.token, navigate]);

  return (
    <div className="flex flex-1 justify-center px-4 py-6">
      <title>{intl.formatMessage({ id: 'app.answer.pageTitle', defaultMessage: 'A question for you · heirloom' })}</title>
      <meta name="robots" content="noindex" />
      <AnswerScreen token={token} />
    </div>
  );
}
