import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { MAX_SHORT_TEXT_LENGTH } from '@shared/limits';
import {
  libraryQuestionText,
  questionLibrary,
  questionThemes,
  themeTitle,
  type LibraryQuestion,
  type QuestionTheme,
} from '@shared/interviews/question-library';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { selectClass } from './schedule-fields';
import { useIntl } from '@web/lib/i18n/use-intl';

type QuestionPickerProps = {
  /** Whether a library question is among the interview's questions (checked). */
  isChosen: (question: LibraryQuestion) => boolean;
  /** Whether a chosen one may be taken out again (only questions not yet sent). */
  canUnchoose?: (question: LibraryQuestion) => boolean;
  onToggle: (question: LibraryQuestion, chosen: boolean) => void;
  onAddOwn: (text: string) => void;
  disabled?: boolean;
};

/** The built-in questions by theme, with checkboxes, and a field for a question of one's own. */
export function QuestionPicker({ isChosen, canUnchoose = () => true, onToggle, onAddOwn, disabled }: QuestionPickerProps) {
  const id = useId();
  const [theme, setTheme] = useState<QuestionTheme>(questionThemes[0]);
  const [own, setOwn] = useState('');
  const intl = useIntl();
  const inTheme = questionLibrary.filter((question) => question.theme === theme);

  return (
    <div className="grid gap-6">
      <section aria-labelledby={`${id}-library`} className="grid gap-3">
        <h3 id={`${id}-library`} className="font-semibold">
          {intl.formatMessage({ id: 'interviews.picker.library', defaultMessage: 'Choose from the library' })}
        </h3>
        <div className="grid max-w-xs gap-1">
          <Label htmlFor={`${id}-theme`}>{intl.formatMessage({ id: 'interviews.picker.theme', defaultMessage: 'Theme' })}</Label>
          <select
            id={`${id}-theme`}
            className={selectClass}
            value={theme}
            onChange={(event) => setTheme(event.target.value as QuestionTheme)}
          >
            {questionThemes.map((value) => (
              <option key={value} value={value}>
                {themeTitle(intl, value)}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="sr-only">
            {intl.formatMessage(
              { id: 'interviews.picker.themeQuestions', defaultMessage: '{theme} questions' },
              { theme: themeTitle(intl, theme) },
            )}
          </legend>
          <ul className="grid gap-2">
            {inTheme.map((question) => {
              const chosen = isChosen(question);
              return (
                <li key={question.id}>
                  <label className="flex items-start gap-2">
                    <input
                      type="checkbox"
                      className="mt-1 size-4 shrink-0"
                      checked={chosen}
                      disabled={disabled || (chosen && !canUnchoose(question))}
                      onChange={(event) => onToggle(question, event.target.checked)}
                    />
                    <span>{libraryQuestionText(intl, question)}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      </section>

      <section aria-labelledby={`${id}-own`} className="grid gap-2">
        <h3 id={`${id}-own`} className="font-semibold">
          {intl.formatMessage({ id: 'interviews.picker.own', defaultMessage: 'Write your own' })}
        </h3>
        <Label htmlFor={`${id}-own-text`}>
          {intl.formatMessage({ id: 'interviews.picker.yourQuestion', defaultMessage: 'Your question' })}
        </Label>
        <Textarea id={`${id}-own-text`} value={own} maxLength={MAX_SHORT_TEXT_LENGTH} onChange={(event) => setOwn(event.target.value)} />
        <div>
          <Button
            type="button"
            variant="outline"
            disabled={disabled || !own.trim()}
            onClick={() => {
              onAddOwn(own.trim());
              setOwn('');
            }}
          >
            <Plus aria-hidden="true" />
            {intl.formatMessage({ id: 'interviews.picker.add', defaultMessage: 'Add question' })}
          </Button>
        </div>
      </section>
    </div>
  );
}
