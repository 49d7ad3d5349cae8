import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { MAX_SHORT_TEXT_LENGTH } from '@shared/limits';
import { Button } from '@web/components/ui/button';
import { Textarea } from '@web/components/ui/textarea';
import { useIntl } from '@web/lib/i18n/use-intl';

export type EditableQuestion = { key: string; text: string };

type QuestionListEditorProps = {
  label: string;
  questions: EditableQuestion[];
  /** Number shown before the first question (questions already sent come before). */
  firstNumber?: number;
  disabled?: boolean;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (index: number) => void;
  onEdit: (index: number, text: string) => void;
};

/** The questions still to send, in order: move up or down with buttons, edit the text, remove one. */
export function QuestionListEditor({ label, questions, firstNumber = 1, disabled, onMove, onRemove, onEdit }: QuestionListEditorProps) {
  const intl = useIntl();
  const [editing, setEditing] = useState<string | null>(null);
  // After a move, the pressed button goes on with its question: focus follows it to its new place.
  const listRef = useRef<HTMLOListElement>(null);
  const [refocus, setRefocus] = useState<string | null>(null);
  useEffect(() => {
    if (!refocus) return;
    const target = listRef.current?.querySelector<HTMLButtonElement>(`[data-focus-key="${CSS.escape(refocus)}"]`);
    const fallback = listRef.current?.querySelector<HTMLButtonElement>(
      `[data-focus-key^="${CSS.escape(refocus.split(':')[0] ?? '')}:"]:not(:disabled)`,
    );
    (target && !target.disabled ? target : fallback)?.focus();
    setRefocus(null);
  }, [refocus, questions]);

  if (questions.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        {intl.formatMessage({ id: 'interviews.listEditor.none', defaultMessage: 'No questions waiting to be sent.' })}
      </p>
    );

  return (
    <ol ref={listRef} aria-label={label} className="grid gap-2">
      {questions.map((question, index) => {
        const number = firstNumber + index;
        return (
          <li key={question.key} className="grid gap-2 rounded-lg border p-3">
            {editing === question.key ? (
              <EditQuestion
                number={number}
                text={question.text}
                onCancel={() => setEditing(null)}
                onSave={(text) => {
                  onEdit(index, text);
                  setEditing(null);
                }}
              />
            ) : (
              <>
                <p>
                  <span className="me-2 font-medium text-muted-foreground">{number}.</span>
                  {question.text}
                </p>
                <div className="flex flex-wrap gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={intl.formatMessage(
                      { id: 'interviews.listEditor.upLabel', defaultMessage: 'Move question {number} up' },
                      { number: String(number) },
                    )}
                    data-focus-key={`${question.key}:up`}
                    disabled={disabled || index === 0}
                    onClick={() => {
                      onMove(index, -1);
                      setRefocus(`${question.key}:up`);
                    }}
                  >
                    <ArrowUp aria-hidden="true" />
                    {intl.formatMessage({ id: 'interviews.listEditor.up', defaultMessage: 'Up' })}
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={intl.formatMessage(
                      { id: 'interviews.listEditor.downLabel', defaultMessage: 'Move question {number} down' },
                      { number: String(number) },
                    )}
                    data-focus-key={`${question.key}:down`}
                    disabled={disabled || index === questions.length - 1}
                    onClick={() => {
                      onMove(index, 1);
                      setRefocus(`${question.key}:down`);
                    }}
                  >
                    <ArrowDown aria-hidden="true" />
                    {intl.formatMessage({ id: 'interviews.listEditor.down', defaultMessage: 'Down' })}
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={intl.formatMessage(
                      { id: 'interviews.listEditor.editLabel', defaultMessage: 'Edit question {number}' },
                      { number: String(number) },
                    )}
                    disabled={disabled}
                    onClick={() => setEditing(question.key)}
                  >
                    <Pencil aria-hidden="true" />
                    {intl.formatMessage({ id: 'interviews.listEditor.edit', defaultMessage: 'Edit' })}
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={intl.formatMessage(
                      { id: 'interviews.listEditor.removeLabel', defaultMessage: 'Remove question {number}' },
                      { number: String(number) },
                    )}
                    disabled={disabled}
                    onClick={() => onRemove(index)}
                  >
                    <Trash2 aria-hidden="true" />
                    {intl.formatMessage({ id: 'interviews.listEditor.remove', defaultMessage: 'Remove' })}
                  </Button>
                </div>
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function EditQuestion({
  number,
  text,
  onSave,
  onCancel,
}: {
  number: number;
  text: string;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const [value, setValue] = useState(text);
  const trimmed = value.trim();
  return (
    <div className="grid gap-2">
      <Textarea
        aria-label={intl.formatMessage(
          { id: 'interviews.listEditor.question', defaultMessage: 'Question {number}' },
          { number: String(number) },
        )}
        value={value}
        maxLength={MAX_SHORT_TEXT_LENGTH}
        autoFocus
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="flex gap-2">
        <Button type="button" size="sm" disabled={!trimmed} onClick={() => onSave(trimmed)}>
          {intl.formatMessage({ id: 'interviews.listEditor.save', defaultMessage: 'Save question' })}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onCancel}>
          {intl.formatMessage({ id: 'interviews.cancel', defaultMessage: 'Cancel' })}
        </Button>
      </div>
    </div>
  );
}
