import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '@web/lib/i18n/language-store';
import type { GraphPerson } from '../api';
import { TreeCard } from './tree-card';

const rose: GraphPerson = {
  id: 7,
  givenNames: 'Rose',
  surname: 'Martin',
  birthSurname: null,
  sex: 'female',
  gender: null,
  birth: { date: 'c. 1890', place: null },
  death: { date: '1962-03-14', place: null },
  living: false,
  isOwner: false,
  contactId: null,
  personId: null,
  pictureUrl: null,
  note: null,
  warnings: [],
  relationToViewer: 'your great-grandmother',
};

const renderCard = () =>
  render(
    <MemoryRouter>
      <TreeCard person={rose} x={0} y={0} href="/family/tree/person/7" isRoot={false} />
    </MemoryRouter>,
  );

describe('a tree card', () => {
  afterEach(async () => {
    cleanup();
    await switchLanguage('en', { remember: false });
  });

  it('reads out the name, the relation and the years in English as the server words them', () => {
    renderCard();
    expect(screen.getByRole('link').getAttribute('aria-label')).toBe('Rose Martin, your great-grandmother, c. 1890–1962');
  });

  it('says the relation and the years in German', async () => {
    await switchLanguage('de', { remember: false });
    renderCard();
    expect(screen.getByRole('link').getAttribute('aria-label')).toBe('Rose Martin, Ihre Urgroßmutter, um 1890–1962');
    expect(screen.getByText('Ihre Urgroßmutter')).toBeTruthy();
  });
});
