import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn } from '../../../test/page-kit';
import { useFakeRatingsApi } from '../ratings-test-kit';
import { RatingReview } from './rating-review';

const star = (n: number) => screen.getByRole('radio', { name: `${n} star${n === 1 ? '' : 's'}` });
const checked = () =>
  screen
    .getAllByRole('radio')
    .filter((r) => r.getAttribute('aria-checked') === 'true')
    .map((r) => r.getAttribute('aria-label'));

describe('RatingReview (a trade’s review on Bid Detail)', () => {
  const api = useFakeRatingsApi();

  it('previews stars on hover, rates by keyboard, submits, then shows the side’s review and lets it change it', async () => {
    signIn(['Negotiator'], 'Buyer');
    const user = userEvent.setup();
    renderPage(<RatingReview bidId={5} toDistilleryId={210} toDistilleryName="Nashik Plant" />, '/biddetail/5');
    expect(await screen.findByText('Your side has not reviewed this trade yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Rate Nashik Plant' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(5);

    // Hovering the fourth star previews four; leaving restores nothing chosen.
    fireEvent.mouseOver(star(4));
    expect(screen.getByText('4 of 5 (high)?')).toBeTruthy();
    fireEvent.mouseLeave(screen.getByRole('radiogroup'));
    expect(screen.getByText('Not rated')).toBeTruthy();

    // Keyboard: Enter on a focused star sets it; the arrow keys step.
    star(2).focus();
    fireEvent.keyDown(star(2), { key: 'Enter' });
    expect(checked()).toEqual(['2 stars']);
    fireEvent.keyDown(star(2), { key: 'ArrowRight' });
    expect(checked()).toEqual(['3 stars']);
    expect(screen.getByText('3 of 5 (medium)')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'Approved');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await screen.findByText(/Your review: 3 of 5 \(medium\), source Approved/);
    expect(api.calls.find((c) => c.method === 'reviewDistillery')!.body).toEqual({
      rating_details: [{ bid_id: 5, rating: 3, source: 'Approved', to_distillery_id: 210 }],
    });
    // Unchanged, there is nothing to submit; a change is submitted as a new review.
    expect((screen.getByRole('button', { name: 'Submit Review' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(star(5));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await screen.findByText(/Your review: 5 of 5 \(high\)/);
    expect(api.calls.filter((c) => c.method === 'reviewDistillery')).toHaveLength(2);
  });

  it('shows a saved review on opening and the server’s refusal when submitting fails', async () => {
    api.saved = {
      id: 3,
      bid_id: 5,
      rating: 1,
      source: 'Rejected',
      from_company_type: 'Buyer',
      to_distillery_id: 210,
      created_on: '2026-11-20T10:00:00.000Z',
    };
    signIn(['Admin'], 'Buyer');
    const user = userEvent.setup();
    renderPage(<RatingReview bidId={5} toDistilleryId={210} />, '/biddetail/5');
    await screen.findByText(/Your review: 1 of 5 \(low\), source Rejected/);
    expect(checked()).toEqual(['1 star']);
    expect((screen.getByRole('combobox', { name: 'Source' }) as HTMLSelectElement).value).toBe('Rejected');
    api.refuse = { error: 'Bid not found' };
    await user.click(star(2));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(screen.getAllByText('Bid not found').length).toBeGreaterThan(0));
  });
});
