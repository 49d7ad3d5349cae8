import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { TreePerson } from '@shared/schemas/tree';
import { DialogForm } from '@web/components/dialog-form';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useDebounced } from '@web/lib/use-debounced';
import { useCreateTreePerson, useCreateTreeRelation, useDeleteTreePerson, useTreeSearch } from '../api';
import { emptyPersonForm, personFormSchema, personInputOf, type PersonFormValues } from '../person-form-values';
import { personName, yearsOf } from '../person-words';
import { birthParents, linksFor, type ParentType, type PartnerType, type RelativeGroups, type RelativeKind } from '../relatives';
import { PersonFields, selectClass } from './person-fields';

const TITLES = defineMessages({
  parent: { id: 'tree.add.title.parent', defaultMessage: 'Add a parent' },
  child: { id: 'tree.add.title.child', defaultMessage: 'Add a child' },
  partner: { id: 'tree.add.title.partner', defaultMessage: 'Add a partner' },
  sibling: { id: 'tree.add.title.sibling', defaultMessage: 'Add a brother or sister' },
} satisfies Record<RelativeKind, unknown>);

const DESCRIPTIONS = defineMessages({
  parent: { id: 'tree.add.description.parent', defaultMessage: 'A parent of {name}.' },
  child: { id: 'tree.add.description.child', defaultMessage: 'A child of {name}.' },
  partner: { id: 'tree.add.description.partner', defaultMessage: 'A partner of {name}.' },
  sibling: { id: 'tree.add.description.sibling', defaultMessage: "Brothers and sisters share {name}'s parents." },
} satisfies Record<RelativeKind, unknown>);

type AddRelativeDialogProps = {
  kind: RelativeKind;
  person: TreePerson;
  groups: RelativeGroups;
};

/** Adds a parent, child, partner or sibling: a new person made and linked in one go, or someone already in the tree. */
export function AddRelativeDialog({ kind, person, groups }: AddRelativeDialogProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  const [chosen, setChosen] = useState<TreePerson | null>(null);
  const [query, setQuery] = useState('');
  const [parentType, setParentType] = useState<ParentType>('birth');
  const [partnerType, setPartnerType] = useState<PartnerType>('married');
  const firstPartner = groups.partners[0]?.person.id ?? null;
  const [coParent, setCoParent] = useState<string>(firstPartner === null ? '' : String(firstPartner));
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const createPerson = useCreateTreePerson();
  const deletePerson = useDeleteTreePerson();
  const createRelation = useCreateTreeRelation();
  const form = useForm<PersonFormValues>({ resolver: zodResolver(personFormSchema), defaultValues: emptyPersonForm });
  const search = useTreeSearch(useDebounced(query.trim(), 250));
  const ids = { mode: useId(), search: useId(), problem: useId() };
  const who = personName(person);
  const siblingParents = birthParents(groups);
  const cannotAdd = kind === 'sibling' && siblingParents.length === 0;

  const reset = () => {
    form.reset(emptyPersonForm);
    setMode('new');
    setChosen(null);
    setQuery('');
    setProblem(null);
  };

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    if (mode === 'existing' && !chosen) {
      setProblem(
        intl.formatMessage({ id: 'tree.add.chooseSomeone', defaultMessage: 'Choose a person from the list, or add someone new.' }),
      );
      return;
    }
    setPending(true);
    let made: TreePerson | null = null;
    try {
      if (mode === 'new') made = await createPerson.mutateAsync(personInputOf(values));
      const otherId = made?.id ?? chosen!.id;
      const links = linksFor({
        kind,
        personId: person.id,
        otherId,
        parentType,
        partnerType,
        coParentId: kind === 'child' && coParent ? Number(coParent) : null,
        parentIds: siblingParents,
      });
      for (const link of links) await createRelation.mutateAsync(link);
      toast({
        title: intl.formatMessage(
          { id: 'tree.add.added', defaultMessage: '{name} added' },
          { name: made ? personName(made) : personName(chosen!) },
        ),
      });
      setOpen(false);
      reset();
    } catch (error) {
      // a link the tree refused (a cycle, a third birth parent) leaves no half-made person behind
      if (made) await deletePerson.mutateAsync(made.id).catch(() => undefined);
      setProblem(errorMessage(error, intl.formatMessage({ id: 'tree.add.failed', defaultMessage: 'The relative could not be added.' })));
    } finally {
      setPending(false);
    }
  });

  const results = (search.data?.items ?? []).filter((p) => p.id !== person.id);

  return (
    <DialogForm
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setCoParent(firstPartner === null ? '' : String(firstPartner));
        else reset();
      }}
      trigger={
        <Button variant="outline" className="min-h-11 justify-start">
          {intl.formatMessage(TITLES[kind])}
        </Button>
      }
      title={intl.formatMessage(TITLES[kind])}
      description={intl.formatMessage(DESCRIPTIONS[kind], { name: who })}
      submitLabel={
        pending
          ? intl.formatMessage({ id: 'tree.add.adding', defaultMessage: 'Adding...' })
          : intl.formatMessage({ id: 'tree.add.submit', defaultMessage: 'Add' })
      }
      isPending={pending || cannotAdd}
      onSubmit={submit}
      className="max-h-[90dvh] overflow-y-auto"
    >
      {cannotAdd ? (
        <p className="text-sm">
          {intl.formatMessage(
            { id: 'tree.add.parentsFirst', defaultMessage: "Add {name}'s parents first: brothers and sisters are found through them." },
            { name: who },
          )}
        </p>
      ) : (
        <>
          <fieldset className="grid grid-cols-2 gap-2" aria-describedby={ids.mode}>
            <legend className="sr-only">{intl.formatMessage({ id: 'tree.add.who', defaultMessage: 'Who' })}</legend>
            {(['new', 'existing'] as const).map((value) => (
              <label
                key={value}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center justify-center rounded-md border px-3 text-center text-sm font-medium',
                  mode === value && 'border-primary bg-accent',
                )}
              >
                <input type="radio" name="who" value={value} checked={mode === value} onChange={() => setMode(value)} className="sr-only" />
                {value === 'new'
                  ? intl.formatMessage({ id: 'tree.add.someoneNew', defaultMessage: 'Someone new' })
                  : intl.formatMessage({ id: 'tree.add.someoneInTree', defaultMessage: 'Someone in the tree' })}
              </label>
            ))}
          </fieldset>
          <p id={ids.mode} className="sr-only">
            {intl.formatMessage({ id: 'tree.add.whoHelp', defaultMessage: 'Add a new person, or link someone already in your tree.' })}
          </p>
          {mode === 'new' ? (
            <PersonFields form={form} />
          ) : (
            <div className="grid gap-2">
              <FormField label={intl.formatMessage({ id: 'tree.add.findByName', defaultMessage: 'Find by name' })}>
                <Input type="search" autoComplete="off" className="h-11" value={query} onChange={(e) => setQuery(e.target.value)} />
              </FormField>
              {results.length > 0 && (
                <fieldset className="grid gap-1">
                  <legend className="sr-only">{intl.formatMessage({ id: 'tree.add.found', defaultMessage: 'People found' })}</legend>
                  {results.map((p) => (
                    <label
                      key={p.id}
                      className={cn(
                        'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 text-sm',
                        chosen?.id === p.id && 'border-primary bg-accent',
                      )}
                    >
                      <input type="radio" name="chosen" checked={chosen?.id === p.id} onChange={() => setChosen(p)} className="size-4" />
                      <span className="font-medium">{personName(p)}</span>
                      <span className="text-muted-foreground">{yearsOf(p)}</span>
                    </label>
                  ))}
                </fieldset>
              )}
              {query.trim() && search.isSuccess && results.length === 0 && (
                <p className="text-sm text-muted-foreground">
                  {intl.formatMessage({ id: 'tree.add.nobodyFound', defaultMessage: 'Nobody in the tree has that name.' })}
                </p>
              )}
            </div>
          )}
          {(kind === 'parent' || kind === 'child') && (
            <FormField
              label={
                kind === 'parent'
                  ? intl.formatMessage({ id: 'tree.add.parentType', defaultMessage: 'Parent' })
                  : intl.formatMessage({ id: 'tree.add.childType', defaultMessage: 'Child' })
              }
            >
              <select className={selectClass} value={parentType} onChange={(e) => setParentType(e.target.value as ParentType)}>
                <option value="birth">{intl.formatMessage({ id: 'tree.add.type.birth', defaultMessage: 'By birth' })}</option>
                <option value="adoptive">{intl.formatMessage({ id: 'tree.add.type.adoptive', defaultMessage: 'Adoptive' })}</option>
                <option value="step">{intl.formatMessage({ id: 'tree.add.type.step', defaultMessage: 'Step' })}</option>
                <option value="foster">{intl.formatMessage({ id: 'tree.add.type.foster', defaultMessage: 'Foster' })}</option>
              </select>
            </FormField>
          )}
          {kind === 'child' && groups.partners.length > 0 && (
            <FormField label={intl.formatMessage({ id: 'tree.add.otherParent', defaultMessage: 'Other parent' })}>
              <select className={selectClass} value={coParent} onChange={(e) => setCoParent(e.target.value)}>
                {groups.partners.map((p) => (
                  <option key={p.person.id} value={p.person.id}>
                    {personName(p.person)}
                  </option>
                ))}
                <option value="">{intl.formatMessage({ id: 'tree.add.someoneElse', defaultMessage: 'Someone else, or not known' })}</option>
              </select>
            </FormField>
          )}
          {kind === 'partner' && (
            <FormField label={intl.formatMessage({ id: 'tree.add.partnerType', defaultMessage: 'Partners' })}>
              <select className={selectClass} value={partnerType} onChange={(e) => setPartnerType(e.target.value as PartnerType)}>
                <option value="married">{intl.formatMessage({ id: 'tree.add.type.married', defaultMessage: 'Married' })}</option>
                <option value="partners">{intl.formatMessage({ id: 'tree.add.type.partners', defaultMessage: 'Partners' })}</option>
              </select>
            </FormField>
          )}
          {problem && (
            <p id={ids.problem} role="alert" className="text-sm font-medium text-destructive">
              {problem}
            </p>
          )}
        </>
      )}
    </DialogForm>
  );
}
