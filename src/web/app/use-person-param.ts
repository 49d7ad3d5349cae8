import { useSearchParams } from 'react-router';
import { paths } from './paths';

const PARAM = 'person';

/**
 * The person the gallery or the timeline is filtered by, kept in the URL (?person=ID, issue 29) so a link from
 * the person's page opens it and Back goes to everyone. Changing it closes an open photo.
 */
export function usePersonParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get(PARAM);
  const person = raw !== null && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined;
  const setPerson = (id: number | undefined) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id === undefined) next.delete(PARAM);
      else next.set(PARAM, String(id));
      next.delete('photo');
      return next;
    });
  return { person, setPerson };
}

export const galleryOfPerson = (id: number) => `${paths.photos}?${PARAM}=${id}`;
export const timelineOfPerson = (id: number) => `${paths.timeline}?${PARAM}=${id}`;
