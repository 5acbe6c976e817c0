import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn } from '../../../test/page-kit';
import { useFakeRatingsApi } from '../ratings-test-kit';
import { RatingsPage } from './ratings-page';

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

/** Picks a to-distillery, a source and stars, then Add Row. */
async function addRow(user: ReturnType<typeof userEvent.setup>, distillery: string, stars: number, source: string) {
  await waitFor(() => expect(select('To Distillery').disabled).toBe(false));
  await user.selectOptions(select('To Distillery'), distillery);
  await user.selectOptions(select('Source'), source);
  await user.click(screen.getByRole('radio', { name: `${stars} stars` }));
  await user.click(screen.getByRole('button', { name: 'Add Row' }));
}

describe('Ratings (/ratings)', () => {
  const api = useFakeRatingsApi();

  it('lets a company Admin add two rows from its own company, then saves them all and clears the table', async () => {
    signIn(['Admin'], 'Buyer');
    const user = userEvent.setup();
    renderPage(<RatingsPage />, '/ratings');
    expect(screen.getByRole('heading', { level: 1, name: 'Ratings' })).toBeTruthy();
    // The company type and company are the Admin's own.
    expect(select('Company Type').value).toBe('Buyer');
    expect(select('Company Type').disabled).toBe(true);
    await waitFor(() => expect(select('From Company').value).toBe('7'));
    expect(screen.getByText('No Data Found')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save Review' }) as HTMLButtonElement).disabled).toBe(true);

    await waitFor(() => expect(select('From Distillery').disabled).toBe(false));
    await user.selectOptions(select('From Distillery'), 'Pune Bottling Unit');
    // The to-company list is the opposite type's.
    await waitFor(() => expect(select('To Company').disabled).toBe(false));
    await user.selectOptions(select('To Company'), 'Deccan Distilleries');
    expect((screen.getByRole('button', { name: 'Add Row' }) as HTMLButtonElement).disabled).toBe(true);
    await addRow(user, 'Nashik Plant', 4, 'Approved');
    await addRow(user, 'Satara Plant', 2, 'Rejected');

    const table = screen.getByRole('table', { name: 'Review table' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Nashik PlantApproved4 of 5 (high)'),
      expect.stringContaining('Satara PlantRejected2 of 5 (low)'),
    ]);
    // Nothing is sent until Save Review.
    expect(api.calls.some((c) => c.method === 'reviewDistillery')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Save Review' }));
    await screen.findByText('Review submitted successfully');
    const sent = api.calls.filter((c) => c.method === 'reviewDistillery');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.rating_details).toEqual([
      {
        rating: 4,
        source: 'Approved',
        company_id: 21,
        from_company_id: 7,
        from_distillery_id: 70,
        to_distillery_id: 210,
      },
      {
        rating: 2,
        source: 'Rejected',
        company_id: 21,
        from_company_id: 7,
        from_distillery_id: 70,
        to_distillery_id: 211,
      },
    ]);
    await waitFor(() => expect(within(table).getByText('No Data Found')).toBeTruthy());
  });

  it('keeps the rows and marks the refused one when the server refuses the call', async () => {
    signIn(['Admin'], 'Buyer');
    const user = userEvent.setup();
    renderPage(<RatingsPage />, '/ratings');
    await waitFor(() => expect(select('From Distillery').disabled).toBe(false));
    await user.selectOptions(select('From Distillery'), 'Pune Bottling Unit');
    await waitFor(() => expect(select('To Company').disabled).toBe(false));
    await user.selectOptions(select('To Company'), 'Deccan Distilleries');
    await addRow(user, 'Nashik Plant', 3, 'New');
    api.refuse = {
      error: 'Rate a distillery of a company of the opposite type',
      fields: { 'rating_details.0.to_distillery_id': 'Rate a distillery of a company of the opposite type' },
    };
    await user.click(screen.getByRole('button', { name: 'Save Review' }));
    expect((await screen.findAllByRole('alert')).length).toBeGreaterThan(0);
    const table = screen.getByRole('table', { name: 'Review table' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('Rate a distillery of a company of the opposite type')).toBeTruthy();
  });

  it('lets the SuperAdmin choose the company type and the rating company', async () => {
    signIn(['SuperAdmin'], 'Buyer');
    renderPage(<RatingsPage />, '/ratings');
    expect(select('Company Type').disabled).toBe(false);
    expect(select('From Company').disabled).toBe(true);
    await userEvent.setup().selectOptions(select('Company Type'), 'Seller');
    await waitFor(() => expect(select('From Company').disabled).toBe(false));
    expect([...select('From Company').options].map((o) => o.text)).toEqual([
      'Select from company',
      'Deccan Distilleries',
    ]);
    expect([...select('To Company').options].map((o) => o.text)).toContain('Test Company');
  });
});
