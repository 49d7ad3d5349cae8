import { useLocation, useNavigate, useSearchParams } from 'react-router';

const PARAM = 'photo';

type ViewerState = { viewerPushed?: boolean } | null;

/**
 * The open photo lives in the URL (/photos?photo=ID), so a link opens it and Back closes it. Opening pushes
 * a history entry; stepping to the previous or next photo replaces it (Back still closes the viewer rather
 * than walking back through photos); closing goes back when the viewer pushed the entry, and otherwise (a
 * link or a reload opened it) replaces the URL without the photo.
 */
export function useViewerUrl() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const raw = searchParams.get(PARAM);
  const openId = raw !== null && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined;
  const wasPushed = (location.state as ViewerState)?.viewerPushed === true;

  const withPhoto = (id: number | undefined) => {
    const next = new URLSearchParams(searchParams);
    if (id === undefined) next.delete(PARAM);
    else next.set(PARAM, String(id));
    const search = next.toString();
    return { pathname: location.pathname, search: search ? `?${search}` : '' };
  };

  return {
    openId,
    open: (id: number) => void navigate(withPhoto(id), { state: { viewerPushed: true } }),
    step: (id: number) => void navigate(withPhoto(id), { replace: true, state: location.state as ViewerState }),
    close: () => {
      if (wasPushed) void navigate(-1);
      else void navigate(withPhoto(undefined), { replace: true });
    },
  };
}
