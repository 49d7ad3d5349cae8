import { Plus, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { normalizeTags } from '@shared/schemas/memories';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useIntl } from '@web/lib/i18n/use-intl';

type TagInputProps = { tags: string[]; onChange: (tags: string[]) => void };

/** spec §5: a tag is added only if non-empty after trimming and not already in the list; Enter adds it. */
export function TagInput({ tags, onChange }: TagInputProps) {
  const intl = useIntl();
  const [draft, setDraft] = useState('');
  const id = useId();

  function add() {
    const next = normalizeTags([...tags, draft]);
    if (next.length > tags.length) onChange(next);
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter adds a tag; it never submits the memory
    add();
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{intl.formatMessage({ id: 'memories.tags.label', defaultMessage: 'Tags' })}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={intl.formatMessage({ id: 'memories.tags.placeholder', defaultMessage: 'Add a tag' })}
          maxLength={60}
        />
        <Button type="button" variant="outline" onClick={add}>
          <Plus aria-hidden="true" />
          {intl.formatMessage({ id: 'memories.tags.add', defaultMessage: 'Add' })}
        </Button>
      </div>
      {tags.length > 0 && (
        <ul aria-label={intl.formatMessage({ id: 'memories.tags.label', defaultMessage: 'Tags' })} className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="gap-1 py-1 pe-1 text-sm">
                {tag}
                <button
                  type="button"
                  aria-label={intl.formatMessage({ id: 'memories.tags.remove', defaultMessage: 'Remove tag {tag}' }, { tag })}
                  className="rounded-full p-0.5 hover:bg-foreground/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  onClick={() => onChange(tags.filter((t) => t !== tag))}
                >
                  <X aria-hidden="true" className="size-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
